/**
 * A small React host for one ECharts instance (instead of echarts-for-react, which works with ECharts 6
 * and React 19 but pulls the whole ECharts build and hides the renderer choice): init per theme and
 * renderer, setOption on change, resize on size change, dispose on unmount.
 *
 * Updates are light when they can be: an option of the drawing's shape (optionShape.ts: new data or
 * values, nothing added or taken away) is merged into the drawing, which keeps its axes, tooltip and
 * series views (and the user's zoom) instead of building them again; any other option replaces it.
 * A chart's first drawing shows its data at once, without an entry animation: a dashboard opening draws
 * dozens of charts in the same moment, and their entry animations repainted every one of them in each
 * frame while the rest of the page still waited to be drawn (bench:dashboard's shared link: about
 * 150 ms more main-thread work before the last widget showed). An update that comes less than
 * UPDATE_ANIMATION_MS after the previous one is drawn without animation too (the pace of the data
 * decides, not the pace of drawing, which slows when the machine is busy): at live rates (10 values a
 * second) a transition would never finish, keep every chart repainting on every frame, and lag behind
 * the value it shows. Updates are drawn in animation frames within a time budget shared by all charts
 * (drawQueue.ts).
 */
import type { EChartsType } from 'echarts/core';
import { useCallback, useEffect, useRef } from 'react';
import { cancelDraw, queueDraw } from './drawQueue';
import { type EChartsOption, echarts } from './echarts';
import { optionShape } from './optionShape';
import { echartsThemeName } from './theme';
import type { WidgetTheme } from './types';

/** Updates closer together than this are drawn without transition animation. */
export const UPDATE_ANIMATION_MS = 1_000;
/**
 * How long an update's transition takes when its option names no duration (ECharts' own default is a
 * second): the time-series kinds already use 300 ms, and a dashboard of fifty widgets should show new
 * values in one beat rather than sweep its gauges for a second.
 */
export const TRANSITION_MS = 300;

/**
 * An option, or a function building it: a live chart's option is then built only when it is drawn, not
 * for every value that arrives while it waits for its turn (drawQueue.ts). Memoize the function: a new
 * one is a new option.
 */
export type EChartOptionSource = EChartsOption | (() => EChartsOption);

function resolveOption(source: EChartOptionSource): EChartsOption {
  const option = typeof source === 'function' ? source() : source;
  return option.animationDuration === undefined ? { ...option, animationDuration: TRANSITION_MS } : option;
}

/**
 * The option without its tooltip until the pointer first comes over the drawing: ECharts builds a
 * tooltip's HTML box when the chart is set up and measures its place, a forced layout of the whole page
 * per chart, which on a dashboard of fifty is a good part of its first render. A chart nobody points
 * at needs none.
 */
function drawnOption(option: EChartsOption, pointed: boolean): EChartsOption {
  if (pointed || option.tooltip === undefined) return option;
  const { tooltip: _later, ...rest } = option;
  return rest;
}

interface EChartProps {
  option: EChartOptionSource;
  theme: WidgetTheme;
  width: number;
  height: number;
  /** SVG draws crisper small charts and works without a canvas (tests, print); canvas is faster for many points. */
  renderer?: 'canvas' | 'svg';
  /** Accessible name of the drawing. */
  label: string;
  onChart?: (chart: EChartsType | null) => void;
  /**
   * Subscribes to changes the option source (a function) reads without becoming a new function: each
   * one queues a drawing with the source built anew. Answers the unsubscribe. Keep it stable.
   */
  redrawOn?: (redraw: () => void) => () => void;
}

/** One ECharts drawing of a fixed size. */
export function EChart({
  option,
  theme,
  width,
  height,
  renderer = 'canvas',
  label,
  onChart,
  redrawOn,
}: EChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const onChartRef = useRef(onChart);
  onChartRef.current = onChart;
  const size = useRef({ width, height });
  size.current = { width, height };
  const optionRef = useRef(option);
  optionRef.current = option;
  /** What the drawing shows: the option (or its source) and that option's shape. */
  const applied = useRef<{ option: EChartOptionSource; shape: string } | null>(null);
  /** When the option last changed: the pace of the data, whatever the pace of drawing. */
  const changedAt = useRef(Number.NEGATIVE_INFINITY);
  /** Whether the pointer has come over the drawing: from then on it has its tooltip (drawnOption). */
  const pointed = useRef(false);

  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, echartsThemeName(theme), {
      renderer,
      width: Math.max(1, size.current.width),
      height: Math.max(1, size.current.height),
    });
    chart.current = instance;
    // What tests and bench:dashboard wait for: `data-drawn` once ECharts has painted the chart,
    // `data-settled` once no animation is left (the picture shows the data as it is).
    const hostElement = host.current;
    delete hostElement.dataset.drawn;
    delete hostElement.dataset.settled;
    instance.on('rendered', () => {
      if (!hostElement.dataset.drawn) hostElement.dataset.drawn = 'true';
    });
    instance.on('finished', () => {
      if (!hostElement.dataset.settled) hostElement.dataset.settled = 'true';
    });
    const initial = resolveOption(optionRef.current);
    instance.setOption({ ...drawnOption(initial, pointed.current), animation: false }, { notMerge: true });
    applied.current = { option: optionRef.current, shape: optionShape(initial) };
    onChartRef.current?.(instance);
    return () => {
      onChartRef.current?.(null);
      chart.current = null;
      applied.current = null;
      cancelDraw(instance);
      instance.dispose();
    };
  }, [theme, renderer]);

  /**
   * Queues a drawing of the newest option source (a source that is a function is built anew, so it may
   * read data that moved on since it was made). Drawn in an animation frame within the charts' time
   * budget (drawQueue.ts); a chart queued again before its turn keeps its place and draws once.
   */
  const queueUpdate = useCallback(() => {
    const instance = chart.current;
    if (!instance) return;
    const now = performance.now();
    const quick = now - changedAt.current < UPDATE_ANIMATION_MS;
    changedAt.current = now;
    queueDraw(instance, () => {
      if (instance.isDisposed()) return;
      const source = optionRef.current;
      const next = resolveOption(source);
      const shape = optionShape(next);
      if (applied.current?.shape === shape) {
        // `animation` is set either way, so a slow update after quick ones animates again.
        instance.setOption({
          ...drawnOption(next, pointed.current),
          animation: quick ? false : (next.animation ?? true),
        });
      } else {
        // Series, axes, marks or graphics came or went: a merge would keep the ones that went.
        instance.setOption(drawnOption(next, pointed.current), { notMerge: true });
      }
      applied.current = { option: source, shape };
    });
  }, []);

  useEffect(() => {
    if (applied.current?.option !== option) queueUpdate();
  }, [option, queueUpdate]);

  useEffect(() => redrawOn?.(queueUpdate), [redrawOn, queueUpdate]);

  useEffect(() => {
    const instance = chart.current;
    const next = { width: Math.max(1, width), height: Math.max(1, height) };
    // On mount the drawing already has its size: a resize would lay out and paint it all again.
    if (instance && (instance.getWidth() !== next.width || instance.getHeight() !== next.height))
      instance.resize(next);
  }, [width, height]);

  const onPointerEnter = () => {
    if (pointed.current) return;
    pointed.current = true;
    const instance = chart.current;
    const shown = applied.current;
    if (!instance || instance.isDisposed() || !shown) return;
    const { tooltip } = resolveOption(shown.option);
    if (tooltip !== undefined) instance.setOption({ tooltip });
  };

  return (
    <div
      ref={host}
      role="img"
      aria-label={label}
      style={{ width, height }}
      data-echart
      onPointerEnter={onPointerEnter}
    />
  );
}
