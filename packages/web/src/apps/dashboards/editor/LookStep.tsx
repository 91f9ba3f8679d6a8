/**
 * The appearance step: the catalogue's config editor (general, display, series, thresholds with the
 * spec §4 row rules, colour stops, text settings) beside a preview of the widget on sample data.
 */
import type { WidgetConfig, WidgetVariant } from '@ferrite/contracts';
import { Paper, SimpleGrid, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { sampleWidgetData, WidgetConfigEditor, WidgetRenderer } from '../../../widgets';

interface LookStepProps {
  variant: WidgetVariant;
  config: WidgetConfig;
  onChange: (config: WidgetConfig) => void;
}

/** Editor and preview side by side. */
export function LookStep({ variant, config, onChange }: LookStepProps) {
  const scheme = useComputedColorScheme('light');
  // The sample series are matched by position, so the preview draws whatever the series are bound to.
  const preview = useMemo(
    () => ({ ...config, series: config.series.map((s) => ({ ...s, key: '' })) }),
    [config],
  );
  const data = useMemo(
    () => sampleWidgetData(variant, config, { series: Math.max(1, config.series.length) }),
    [variant, config],
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <div style={{ minHeight: 360 }}>
        <WidgetConfigEditor variant={variant} config={config} onChange={onChange} />
      </div>
      <Stack gap={6}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Preview on sample data
        </Text>
        <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }} data-testid="widget-preview">
          <WidgetRenderer
            variant={variant}
            config={preview}
            data={data}
            loading={false}
            error={null}
            width={480}
            height={300}
            theme={scheme}
          />
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
