/** An ECharts drawing that fills its box (EChart wants a fixed size), in the colour scheme of the page. */
import { Box, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { EChart } from '../../../widgets';
import type { EChartsOption } from '../../../widgets/echarts';

interface SizedChartProps {
  option: EChartsOption;
  height: number;
  label: string;
}

/** The chart, drawn once its box has a width. */
export function SizedChart({ option, height, label }: SizedChartProps) {
  const { ref, width } = useElementSize();
  const scheme = useComputedColorScheme('light');
  return (
    <Box ref={ref} h={height} w="100%">
      {width > 0 && <EChart option={option} theme={scheme} width={width} height={height} label={label} />}
    </Box>
  );
}
