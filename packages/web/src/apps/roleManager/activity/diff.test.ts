import { describe, expect, it } from 'vitest';
import { diffEntries, flatten } from './diff';

describe('activity diff', () => {
  it('flattens nested objects and arrays to dotted paths', () => {
    expect([...flatten({ a: { b: 1 }, list: ['x'], empty: [], none: null })]).toEqual([
      ['a.b', '1'],
      ['list[0]', 'x'],
      ['empty', '[]'],
      ['none', 'null'],
    ]);
  });

  it('marks changed, added, removed and unchanged paths', () => {
    const rows = diffEntries(
      { name: 'Boiler', location: { address: 'A st' }, apps: ['alerts'] },
      {
        name: 'Boiler house',
        location: { address: 'A st' },
        apps: ['alerts', 'dashboards'],
        description: '',
      },
    );
    expect(rows).toEqual([
      { path: 'name', before: 'Boiler', after: 'Boiler house', kind: 'changed' },
      { path: 'location.address', before: 'A st', after: 'A st', kind: 'same' },
      { path: 'apps[0]', before: 'alerts', after: 'alerts', kind: 'same' },
      { path: 'apps[1]', before: undefined, after: 'dashboards', kind: 'added' },
      { path: 'description', before: undefined, after: '""', kind: 'added' },
    ]);
  });

  it('shows a creation (nothing before) as all added, a deletion as all removed', () => {
    expect(diffEntries(null, { name: 'x' })).toEqual([
      { path: 'name', before: undefined, after: 'x', kind: 'added' },
    ]);
    expect(diffEntries({ name: 'x' }, null)[0]?.kind).toBe('removed');
  });
});
