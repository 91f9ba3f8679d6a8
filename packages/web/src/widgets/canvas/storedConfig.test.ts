import { findWidgetVariant, resolveWidgetConfig } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { storedConfig } from './storedConfig';

const gauge = findWidgetVariant('gauge.basic');
if (!gauge) throw new Error('no gauge.basic variant');

describe("a card's config", () => {
  it('takes a config the API resolved (every field present) as it is', () => {
    const resolved = resolveWidgetConfig(gauge, { title: 'Vibration', decimals: 3 });
    expect(storedConfig(gauge, resolved)).toBe(resolved);
  });

  it("resolves a partial config over the variant's defaults", () => {
    const config = storedConfig(gauge, { title: 'Vibration', decimals: 3 });
    expect(config.title).toBe('Vibration');
    expect(config.decimals).toBe(3);
    expect(config.color_stops).toHaveLength(3);
    expect(config.color_stops).toEqual(resolveWidgetConfig(gauge).color_stops);
  });

  it("falls back to the variant's defaults when a partial config does not parse", () => {
    const config = storedConfig(gauge, { title: 'Vibration', decimals: 'three' });
    expect(config).toEqual(resolveWidgetConfig(gauge));
  });
});
