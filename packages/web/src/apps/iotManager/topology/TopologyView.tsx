/**
 * The topology picture: the project on the left, its gateways as cards coloured by status, and lines
 * to the sensors they feed (flowing while the gateway is online). Pointing at a gateway or a sensor
 * lights up what it is connected to; a gateway opens on click or Enter.
 */
import { IconBuildingFactory2, IconRouter, IconTemperature } from '@tabler/icons-react';
import { type KeyboardEvent, useMemo, useState } from 'react';
import { formatRelative } from '../../../ui/time';
import { plural } from '../common/format';
import { fit, layoutTopology, type TopologyGateway } from './layout';
import classes from './Topology.module.css';

interface TopologyViewProps {
  projectName: string;
  gateways: TopologyGateway[];
  onOpen: (gateway: TopologyGateway) => void;
}

type Focus = { kind: 'gateway' | 'sensor'; id: string } | null;

/** The diagram, as one scalable SVG. */
export function TopologyView({ projectName, gateways, onOpen }: TopologyViewProps) {
  const layout = useMemo(() => layoutTopology(gateways), [gateways]);
  const [focus, setFocus] = useState<Focus>(null);
  const now = new Date();
  const online = gateways.filter((g) => g.status === 'online').length;

  // What the focused node is connected to, for lighting it up.
  const lit = useMemo(() => {
    if (!focus) return null;
    const nodes = new Set<string>([focus.id]);
    for (const link of layout.links) {
      if (link.kind !== 'feed') continue;
      if (link.from === focus.id) nodes.add(link.to);
      if (link.to === focus.id) nodes.add(link.from);
    }
    return nodes;
  }, [focus, layout.links]);
  const dim = (id: string) => (lit && !lit.has(id) ? true : undefined);

  const statusOf = (id: string) => gateways.find((g) => g.id === id)?.status;
  const open = (gateway: TopologyGateway) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(gateway);
    }
  };

  return (
    <svg
      className={classes.svg}
      viewBox={`0 0 1000 ${layout.height}`}
      aria-label={`Topology of ${projectName}`}
      data-testid="topology"
    >
      <g className={classes.links}>
        {layout.links.map((link) => {
          const live =
            link.kind !== 'parent' && statusOf(link.kind === 'hub' ? link.to : link.from) === 'online';
          const touched = Boolean(lit?.has(link.from) && lit.has(link.to));
          return (
            <path
              key={`${link.kind}:${link.from}:${link.to}`}
              d={link.d}
              className={classes.link}
              data-kind={link.kind}
              data-live={live || undefined}
              data-dim={(lit !== null && !touched) || undefined}
              data-lit={touched || undefined}
              data-link={`${link.from}>${link.to}`}
            >
              {link.params && <title>{link.params.join(', ')}</title>}
            </path>
          );
        })}
      </g>

      <g
        className={classes.hub}
        transform={`translate(${layout.hub.x} ${layout.hub.y})`}
        data-dim={lit ? true : undefined}
      >
        <rect width={layout.hub.w} height={layout.hub.h} rx={16} className={classes.hubRect} />
        <IconBuildingFactory2 x={14} y={14} width={22} height={22} className={classes.hubIcon} />
        <text x={44} y={31} className={classes.hubTitle}>
          {fit(projectName, 15)}
        </text>
        <text x={14} y={62} className={classes.meta}>
          {plural(gateways.length, 'gateway')}
        </text>
        <text x={14} y={80} className={classes.meta}>
          {online} online · {gateways.length - online} offline
        </text>
      </g>

      {layout.gateways.map(({ gateway, x, y, w, h }) => {
        const isOnline = gateway.status === 'online';
        const params = gateway.sensors.reduce((n, s) => n + s.param_keys.length, 0);
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>; it takes the role and keys.
          <g
            key={gateway.id}
            transform={`translate(${x} ${y})`}
            className={classes.gateway}
            data-status={gateway.status}
            data-dim={dim(gateway.id)}
            data-gateway={gateway.name}
            role="button"
            tabIndex={0}
            aria-label={`${gateway.name}, ${isOnline ? 'online' : 'offline'}, feeds ${plural(gateway.sensors.length, 'sensor')}. Open`}
            onClick={() => onOpen(gateway)}
            onKeyDown={open(gateway)}
            onMouseEnter={() => setFocus({ kind: 'gateway', id: gateway.id })}
            onMouseLeave={() => setFocus(null)}
            onFocus={() => setFocus({ kind: 'gateway', id: gateway.id })}
            onBlur={() => setFocus(null)}
          >
            <rect width={w} height={h} rx={12} className={classes.gatewayRect} />
            <rect width={5} height={h - 16} x={0} y={8} rx={2.5} className={classes.strip} />
            <IconRouter x={16} y={13} width={20} height={20} className={classes.gatewayIcon} />
            <text x={44} y={28} className={classes.title}>
              {fit(gateway.name, 22)}
            </text>
            <circle cx={w - 18} cy={22} r={5} className={classes.statusDot} />
            {isOnline && <circle cx={w - 18} cy={22} r={5} className={classes.statusPulse} />}
            <text x={16} y={50} className={classes.meta}>
              {gateway.type === gateway.protocol ? gateway.type : `${gateway.type} · ${gateway.protocol}`}
              {' · '}
              {isOnline
                ? 'online'
                : gateway.last_seen_at
                  ? `seen ${formatRelative(gateway.last_seen_at, now)}`
                  : 'never seen'}
            </text>
            <text x={16} y={66} className={classes.metaSoft}>
              {gateway.sensors.length
                ? `${plural(gateway.sensors.length, 'sensor')} · ${plural(params, 'parameter')}`
                : 'no sensors mapped yet'}
            </text>
          </g>
        );
      })}

      {layout.sensors.map((sensor) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: pointing only lights up links; nothing to activate.
        <g
          key={sensor.id}
          transform={`translate(${sensor.x} ${sensor.y})`}
          className={classes.sensor}
          data-dim={dim(sensor.id)}
          data-sensor={sensor.name}
          onMouseEnter={() => setFocus({ kind: 'sensor', id: sensor.id })}
          onMouseLeave={() => setFocus(null)}
        >
          <title>{`${sensor.name}: ${sensor.params.join(', ')}`}</title>
          <rect width={sensor.w} height={sensor.h} rx={10} className={classes.sensorRect} />
          <IconTemperature x={10} y={11} width={18} height={18} className={classes.sensorIcon} />
          <text x={34} y={18} className={classes.sensorTitle}>
            {fit(sensor.name, 24)}
          </text>
          <text x={34} y={33} className={classes.metaSoft}>
            {fit(sensor.params.join(' · '), 32)}
          </text>
        </g>
      ))}
    </svg>
  );
}
