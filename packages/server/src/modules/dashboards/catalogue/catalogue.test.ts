/** The widget catalogue: filters, paging and one variant, readable without an account. */
import { WIDGET_VARIANTS } from '@ferrite/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../../testing/testPlatform';
import { sharedClient } from '../testSupport';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await createTestPlatform();
});
afterAll(() => platform.close());

describe('the widget catalogue', () => {
  it('pages through more than 200 variants with every kind and category named', async () => {
    const api = sharedClient(platform, null);
    const all = (await api.get('/widgets/filtered', { page_size: 500 })).json();
    expect(all.total_entries).toBe(WIDGET_VARIANTS.length);
    expect(all.total_entries).toBeGreaterThanOrEqual(200);
    expect(all.kinds).toEqual(
      expect.arrayContaining(['line', 'gauge', 'solid_gauge', 'kpi', 'table', 'text']),
    );
    expect(all.categories).toContain('charts');
    const page = (await api.get('/widgets/filtered', { page_size: 10, page_number: 2 })).json();
    expect(page.widgets.map((w: { id: string }) => w.id)).toEqual(
      WIDGET_VARIANTS.slice(10, 20).map((v) => v.id),
    );
  });

  it('filters by kind, category and text', async () => {
    const api = sharedClient(platform, null);
    const gauges = (await api.get('/widgets/filtered', { kind: 'gauge', page_size: 500 })).json();
    expect(gauges.widgets.length).toBeGreaterThan(0);
    expect(gauges.widgets.every((w: { kind: string }) => w.kind === 'gauge')).toBe(true);
    const indicators = (
      await api.get('/widgets/filtered', { category: 'indicators', page_size: 500 })
    ).json();
    expect(new Set(indicators.widgets.map((w: { category: string }) => w.category))).toEqual(
      new Set(['indicators']),
    );
    const text = (await api.get('/widgets/filtered', { search: 'TEMPERATURE', page_size: 500 })).json();
    expect(text.widgets.map((w: { id: string }) => w.id)).toContain('gauge.temperature');
    expect((await api.get('/widgets/filtered', { kind: 'nothing' })).json()).toMatchObject({
      widgets: [],
      total_entries: 0,
    });
  });

  it('answers one variant with its defaults, and 404 for an unknown one', async () => {
    const api = sharedClient(platform, null);
    const variant = (await api.get('/widgets/gauge.temperature')).json();
    expect(variant).toMatchObject({ id: 'gauge.temperature', kind: 'gauge', defaults: expect.any(Object) });
    const unknown = await api.get('/widgets/gauge.nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Widget was not found');
  });
});
