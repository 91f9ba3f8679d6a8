import { fireEvent, render } from '@testing-library/react';
import type { EChartsType } from 'echarts/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EChart } from './EChart';
import type { EChartsOption } from './echarts';

const line = (data: number[], extra: EChartsOption = {}): EChartsOption => ({
  xAxis: { type: 'category' },
  yAxis: { type: 'value' },
  series: [{ type: 'line', data }],
  ...extra,
});

/** Renders an EChart whose animation frames the test runs by hand; answers its ECharts instance. */
function setUp(option: EChartsOption) {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  // The clock stands still unless a test moves it: "updates close behind each other" must not depend
  // on how fast a loaded machine renders (a second passed between two updates once, under load).
  vi.spyOn(performance, 'now').mockReturnValue(10_000);
  let chart: EChartsType | null = null;
  const view = render(
    <EChart
      option={option}
      theme="light"
      width={300}
      height={150}
      renderer="svg"
      label="test"
      onChart={(c) => {
        chart = c;
      }}
    />,
  );
  const instance = chart as unknown as EChartsType;
  const setOption = vi.spyOn(instance, 'setOption');
  const update = (next: EChartsOption | (() => EChartsOption)) =>
    view.rerender(
      <EChart option={next} theme="light" width={300} height={150} renderer="svg" label="test" />,
    );
  const runFrames = () => {
    while (frames.length > 0) frames.shift()?.(performance.now());
  };
  return { instance, setOption, update, runFrames, view };
}

describe('EChart updates', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('merges new data into the drawing in an animation frame, without animation when updates come quickly', () => {
    const { setOption, update, runFrames, view } = setUp(line([1, 2]));
    update(line([1, 2, 3]));
    expect(setOption).not.toHaveBeenCalled();
    runFrames();
    // The first update after a quiet spell animates; the next, close behind it, does not.
    expect(setOption).toHaveBeenLastCalledWith(expect.objectContaining({ animation: true }));
    update(line([1, 2, 3, 4]));
    update(line([1, 2, 3, 4, 5]));
    runFrames();
    expect(setOption).toHaveBeenCalledTimes(2);
    const [merged, options] = setOption.mock.calls[1] as [EChartsOption, unknown];
    expect(options).toBeUndefined();
    expect(merged.animation).toBe(false);
    expect((merged.series as { data: number[] }[])[0]?.data).toEqual([1, 2, 3, 4, 5]);
    view.unmount();
  });

  it('shows its first picture at once, without an entry animation', () => {
    const { instance, view } = setUp(line([1, 2, 3]));
    expect(instance.getOption().animation).toBe(false);
    view.unmount();
  });

  it('replaces the drawing when a part of the option came or went', () => {
    const { setOption, update, runFrames, view } = setUp(line([1, 2], { graphic: [{ type: 'text' }] }));
    update(line([1, 2, 3]));
    runFrames();
    expect(setOption).toHaveBeenLastCalledWith(expect.anything(), { notMerge: true });
    view.unmount();
  });

  it('builds an option given as a function only when it draws', () => {
    const { update, runFrames, view } = setUp(line([1]));
    const build = vi.fn(() => line([1, 2]));
    update(build);
    expect(build).not.toHaveBeenCalled();
    runFrames();
    expect(build).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('draws no tooltip until the pointer first comes over the chart, then keeps it through updates', () => {
    const withTooltip = (data: number[]) => line(data, { tooltip: { trigger: 'axis' } });
    const { instance, update, runFrames, view } = setUp(withTooltip([1, 2]));
    const tooltips = () => (instance.getOption().tooltip as unknown[] | undefined) ?? [];
    expect(tooltips()).toHaveLength(0);
    update(withTooltip([1, 2, 3]));
    runFrames();
    expect(tooltips()).toHaveLength(0);
    fireEvent.pointerEnter(view.getByRole('img', { name: 'test' }));
    expect(tooltips()).toEqual([expect.objectContaining({ trigger: 'axis' })]);
    update(withTooltip([1, 2, 3, 4]));
    runFrames();
    expect(tooltips()).toEqual([expect.objectContaining({ trigger: 'axis' })]);
    view.unmount();
  });
});
