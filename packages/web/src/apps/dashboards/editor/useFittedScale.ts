/**
 * A new widget fitted to the parameter its first series reads: the dial's range (entire_range) from
 * the sensor type's `<key>.min` / `<key>.max` properties or the latest readings, and decimals from the
 * readings' size and unit. Applied while the user has not set them, so a gauge on a vibration sensor
 * does not open on a 0–100 dial showing "3.41 mm/s" at its bottom.
 */
import { resolveWidgetConfig, type WidgetConfig, type WidgetVariant } from '@ferrite/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef } from 'react';
import { fittedScale, parameterRange } from '../../../widgets';
import { useBindingRecentValuesQuery, useBindingSensorTypeQuery } from '../api/entitiesApi';
import { useOrgId } from '../hooks';
import type { Binding } from './BindingRows';

type Fitted = Pick<WidgetConfig, 'entire_range' | 'decimals'>;

/**
 * The config with the fitted scale applied where it still holds the variant's default (or what this
 * rule set before); what the user changed is kept.
 */
export function applyFittedScale(
  config: WidgetConfig,
  variant: Pick<WidgetVariant, 'defaults'>,
  fitted: ReturnType<typeof fittedScale>,
  before: Fitted | null,
): WidgetConfig {
  const defaults = resolveWidgetConfig(variant);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const untouched = (key: keyof Fitted) =>
    same(config[key], defaults[key]) || (before !== null && same(config[key], before[key]));
  const next = { ...config };
  if (fitted.range && untouched('entire_range')) next.entire_range = { ...fitted.range };
  if (fitted.decimals !== null && untouched('decimals')) next.decimals = fitted.decimals;
  return same(next.entire_range, config.entire_range) && next.decimals === config.decimals ? config : next;
}

/** Fits a new widget's config to its first binding once the type and readings are known. */
export function useFittedScale(
  active: boolean,
  binding: Binding | undefined,
  variant: WidgetVariant | null,
  config: WidgetConfig | null,
  setConfig: (config: WidgetConfig) => void,
): void {
  const orgId = useOrgId();
  const sensorId = active ? binding?.sensorId : null;
  const paramKey = active ? binding?.paramKey : null;
  const typeId = active ? binding?.typeId : undefined;
  const type = useBindingSensorTypeQuery(orgId && typeId ? { orgId, typeId } : skipToken);
  const recent = useBindingRecentValuesQuery(
    orgId && sensorId && paramKey ? { orgId, sensorId, paramKey } : skipToken,
  );
  const settled =
    !type.isFetching && !recent.isFetching && (type.data || recent.data || type.error || recent.error);
  const fitted = useMemo(() => {
    if (!sensorId || !paramKey || !settled) return null;
    const range = type.data ? parameterRange(type.data.effective.properties, paramKey) : null;
    const values = (recent.data?.points ?? []).map((p) => p.value);
    return fittedScale(range, values, binding?.unit ?? '');
  }, [sensorId, paramKey, settled, type.data, recent.data, binding?.unit]);

  const applied = useRef<Fitted | null>(null);
  const latest = useRef({ config, setConfig });
  latest.current = { config, setConfig };
  useEffect(() => {
    const current = latest.current.config;
    if (!fitted || !variant || !current) return;
    const next = applyFittedScale(current, variant, fitted, applied.current);
    applied.current = { entire_range: next.entire_range, decimals: next.decimals };
    if (next !== current) latest.current.setConfig(next);
  }, [fitted, variant]);
}
