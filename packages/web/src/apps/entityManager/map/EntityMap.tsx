/**
 * The MapLibre map of a project's located entities: one clustered GeoJSON source (circle and count
 * layers; points teal for assets, orange for sensors, clusters coloured by their majority), a popup per point with a button to its detail, bounds
 * fitted to the points. Loaded as its own chunk: maplibre-gl is large and only this view needs it.
 */
import type { EntityKind } from '@ferrite/contracts';
import { useComputedColorScheme } from '@mantine/core';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { boundsOf, gridAround, type LocatedNode, type PointProperties, pointsOf } from './geojson';
import classes from './Map.module.css';
import { MapLegend, MapUnavailable, PopupCard } from './MapParts';
import {
  BACKGROUND,
  CLUSTER_PROPERTIES,
  entityLayers,
  GRID_COLOR,
  GRID_ID,
  gridLayer,
  LAYERS,
  offlineStyle,
  SOURCE_ID,
} from './mapStyle';

// The worker ships as a separate file; without this MapLibre tries to inline one and fails under Vite.
maplibregl.setWorkerUrl(workerUrl);

const KINDS: EntityKind[] = ['asset', 'sensor'];
const POINT_LAYERS = KINDS.map((kind) => LAYERS.points[kind]);
const COUNTED_LAYERS = [LAYERS.clusters, ...POINT_LAYERS];

/** The container element, carrying the map for browser tests. */
export type MapContainer = HTMLDivElement & { entityMap?: maplibregl.Map };

export interface EntityMapProps {
  nodes: LocatedNode[];
  /** A MapLibre style URL (GET /api/client-config); null draws the offline style. */
  styleUrl: string | null;
  onOpen: (point: PointProperties) => void;
}

/** Adds the source and layers (again after a style swap, which drops them); the grid only offline. */
function install(map: maplibregl.Map, nodes: readonly LocatedNode[], offlineScheme: 'light' | 'dark' | null) {
  const bounds = boundsOf(nodes);
  if (offlineScheme && bounds && !map.getSource(GRID_ID)) {
    map.addSource(GRID_ID, { type: 'geojson', data: gridAround(bounds) });
    map.addLayer(gridLayer(offlineScheme));
  }
  if (!map.getSource(SOURCE_ID)) {
    map.addSource(SOURCE_ID, {
      type: 'geojson',
      data: pointsOf(nodes),
      cluster: true,
      clusterRadius: 48,
      clusterMaxZoom: 17,
      clusterProperties: CLUSTER_PROPERTIES,
    });
  }
  for (const layer of entityLayers()) if (!map.getLayer(layer.id)) map.addLayer(layer);
}

/** Frames the points: a lone point gets a street-level zoom instead of an infinitely tight box. */
function fit(map: maplibregl.Map, nodes: readonly LocatedNode[]) {
  const bounds = boundsOf(nodes);
  if (!bounds) return;
  const [[west, south], [east, north]] = bounds;
  if (west === east && south === north) map.jumpTo({ center: [west, south], zoom: 15 });
  else map.fitBounds(bounds, { padding: 64, maxZoom: 16, duration: 0 });
}

/** Points in view: a cluster counts its members (deduplicated, a cluster may sit in two tiles). */
function renderedPoints(map: maplibregl.Map): number {
  const seen = new Set<string>();
  let total = 0;
  for (const feature of map.queryRenderedFeatures({
    layers: COUNTED_LAYERS.filter((id) => map.getLayer(id)),
  })) {
    const props = feature.properties as { cluster_id?: number; point_count?: number; id?: string };
    const key = props.cluster_id !== undefined ? `c${props.cluster_id}` : `p${props.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    total += props.point_count ?? 1;
  }
  return total;
}

/** The map; `nodes` may change (the data is swapped in place, the camera stays). */
export default function EntityMap({ nodes, styleUrl, onOpen }: EntityMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const scheme = useComputedColorScheme('light');
  const schemeRef = useRef(scheme);
  schemeRef.current = scheme;
  const [popup, setPopup] = useState<{
    point: PointProperties;
    element: HTMLDivElement;
    popup: maplibregl.Popup;
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [rendered, setRendered] = useState<number | null>(null);
  // The configured style could not be loaded (no internet): the offline one stands in.
  const [fallback, setFallback] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container: element,
        style: styleUrl ?? offlineStyle(schemeRef.current),
        attributionControl: styleUrl ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
        fadeDuration: 0,
      });
    } catch (error) {
      setFailure((error as Error).message);
      return;
    }
    mapRef.current = map;
    // Test hook: journeys reach the map (project, queryRenderedFeatures) through its container.
    (element as MapContainer).entityMap = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    map.touchZoomRotate.disableRotation();

    let fellBack = false;
    map.on('load', () => {
      install(map, nodesRef.current, styleUrl ? null : schemeRef.current);
      fit(map, nodesRef.current);
    });
    // A configured style that cannot be fetched (no internet) falls back to the offline one.
    map.on('error', () => {
      if (!styleUrl || fellBack || map.isStyleLoaded()) return;
      fellBack = true;
      setFallback(true);
      map.setStyle(offlineStyle(schemeRef.current));
      map.once('style.load', () => {
        install(map, nodesRef.current, schemeRef.current);
        fit(map, nodesRef.current);
      });
    });
    map.on('idle', () => setRendered(renderedPoints(map)));

    for (const layer of POINT_LAYERS) {
      map.on('click', layer, (event) => {
        const feature = event.features?.[0];
        if (feature?.geometry.type !== 'Point') return;
        const point = feature.properties as PointProperties;
        const content = document.createElement('div');
        const instance = new maplibregl.Popup({ offset: 14, maxWidth: '300px', closeButton: true })
          .setLngLat(feature.geometry.coordinates as [number, number])
          .setDOMContent(content)
          .addTo(map);
        instance.on('close', () => setPopup((current) => (current?.popup === instance ? null : current)));
        setPopup({ point, element: content, popup: instance });
      });
    }
    map.on('click', LAYERS.clusters, async (event) => {
      const feature = event.features?.[0];
      const clusterId = (feature?.properties as { cluster_id?: number } | undefined)?.cluster_id;
      const source = map.getSource<maplibregl.GeoJSONSource>(SOURCE_ID);
      if (feature?.geometry.type !== 'Point' || clusterId === undefined || !source) return;
      const zoom = await source.getClusterExpansionZoom(clusterId);
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom });
    });
    for (const layer of COUNTED_LAYERS) {
      map.on('mouseenter', layer, () => {
        map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', layer, () => {
        map.getCanvas().style.cursor = '';
      });
    }
    // The window resizes and the app window animates; the map must follow its box, not the page.
    const observer = new ResizeObserver(() => map.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      mapRef.current = null;
      delete (element as MapContainer).entityMap;
      map.remove();
    };
  }, [styleUrl]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map?.isStyleLoaded()) return;
    map.getSource<maplibregl.GeoJSONSource>(SOURCE_ID)?.setData(pointsOf(nodes));
  }, [nodes]);

  useEffect(() => {
    const map = mapRef.current;
    if (styleUrl || !map?.isStyleLoaded() || !map.getLayer('background')) return;
    map.setPaintProperty('background', 'background-color', BACKGROUND[scheme]);
    if (map.getLayer(GRID_ID)) map.setPaintProperty(GRID_ID, 'line-color', GRID_COLOR[scheme]);
  }, [scheme, styleUrl]);

  if (failure) return <MapUnavailable reason={failure} />;
  const counts = { asset: 0, sensor: 0 };
  for (const node of nodes) counts[node.kind] += 1;
  return (
    <div className={classes.frame}>
      <div
        ref={container}
        className={classes.map}
        data-testid="entity-map"
        data-located={nodes.length}
        data-rendered-points={rendered ?? undefined}
        data-style={!styleUrl ? 'offline' : fallback ? 'fallback' : 'remote'}
      />
      <MapLegend
        counts={counts}
        onFit={() => mapRef.current && fit(mapRef.current, nodesRef.current)}
        note={fallback ? 'Map style unreachable: showing the offline map' : undefined}
      />
      {popup &&
        createPortal(
          <PopupCard
            point={popup.point}
            onOpen={() => {
              popup.popup.remove();
              onOpenRef.current(popup.point);
            }}
          />,
          popup.element,
        )}
    </div>
  );
}
