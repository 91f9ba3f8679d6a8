import type { Entity, EntityType } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { resetAppState } from '../../app/actions';
import {
  entitiesLoaded,
  entityCreated,
  entityManagerReducer,
  entityPageChanged,
  entityRemoved,
  entitySelected,
  entityUpdated,
  focusRequested,
  focusTaken,
  projectOpened,
  showSensorDataToggled,
  typeCreated,
  typeKindChanged,
  typeRemoved,
  typesLoaded,
} from './store';

const sensor = (id: string, name = id): Entity => ({
  id,
  uuid: id,
  kind: 'sensor',
  project_id: 'p',
  parent_id: null,
  type: { id: 't', name: 'Thermo' },
  name,
  description: '',
  caretakers: [],
  hierarchy: [],
  metadata: [],
  parameters: [],
  location: null,
  position: 'indoor',
  child_count: 0,
  created_at: '',
});
const assetType = (id: string): EntityType => ({
  id,
  kind: 'asset',
  name: id,
  description: '',
  parent_type: null,
  metadata_fields: [],
  properties: [],
  parameters: [],
  effective: { metadata_fields: [], properties: [], parameters: [] },
  usage_count: 0,
  created_at: '',
});

const init = () => entityManagerReducer(undefined, { type: '@@init' });
const page = (n: number) => Array.from({ length: n }, (_, i) => sensor(`s${i}`));

describe('entity list stores (spec §4)', () => {
  it('inserts a new sensor first on page 1, trimmed to the page size, and raises the total', () => {
    let state = entityManagerReducer(init(), entitiesLoaded({ kind: 'sensor', items: page(10), total: 23 }));
    state = entityManagerReducer(state, entityCreated(sensor('new')));
    expect(state.sensors.items).toHaveLength(10);
    expect(state.sensors.items[0]?.id).toBe('new');
    expect(state.sensors.items.at(-1)?.id).toBe('s8');
    expect(state.sensors.total).toBe(24);
    expect(state.assets.total).toBe(0);
  });

  it('only raises the total when the list shows a later page', () => {
    let state = entityManagerReducer(init(), entityPageChanged({ kind: 'sensor', page: 2 }));
    state = entityManagerReducer(state, entitiesLoaded({ kind: 'sensor', items: page(3), total: 13 }));
    state = entityManagerReducer(state, entityCreated(sensor('new')));
    expect(state.sensors.items.map((s) => s.id)).toEqual(['s0', 's1', 's2']);
    expect(state.sensors.total).toBe(14);
  });

  it('replaces an updated sensor by id and lowers the total on removal, clearing its selection', () => {
    let state = entityManagerReducer(init(), entitiesLoaded({ kind: 'sensor', items: page(3), total: 3 }));
    state = entityManagerReducer(state, entityUpdated(sensor('s1', 'Renamed')));
    expect(state.sensors.items[1]?.name).toBe('Renamed');
    state = entityManagerReducer(state, entitySelected({ section: 'sensors', id: 's1' }));
    state = entityManagerReducer(state, entityRemoved({ kind: 'sensor', id: 's1' }));
    expect(state.sensors.items.map((s) => s.id)).toEqual(['s0', 's2']);
    expect(state.sensors.total).toBe(2);
    expect(state.selected.sensors).toBeNull();
    // A cascade may remove sensors that are on another page: the total still drops.
    state = entityManagerReducer(state, entityRemoved({ kind: 'sensor', id: 'elsewhere' }));
    expect(state.sensors.total).toBe(1);
  });

  it('opens another project on page 1 with nothing selected', () => {
    let state = entityManagerReducer(init(), entityPageChanged({ kind: 'sensor', page: 3 }));
    state = entityManagerReducer(state, entitySelected({ section: 'sensors', id: 'x' }));
    state = entityManagerReducer(state, projectOpened('sensors'));
    expect(state.sensors.page).toBe(1);
    expect(state.selected.sensors).toBeNull();
  });
});

describe('type list stores', () => {
  it('keeps asset and sensor types apart', () => {
    let state = entityManagerReducer(
      init(),
      typesLoaded({ kind: 'asset', items: [assetType('a')], total: 1 }),
    );
    state = entityManagerReducer(state, typeCreated(assetType('b')));
    expect(state.assetTypes.items.map((t) => t.id)).toEqual(['b', 'a']);
    expect(state.assetTypes.total).toBe(2);
    expect(state.sensorTypes.total).toBe(0);
    state = entityManagerReducer(state, typeRemoved({ kind: 'asset', id: 'a' }));
    expect(state.assetTypes.total).toBe(1);
    state = entityManagerReducer(state, typeKindChanged('sensor'));
    expect(state.typeKind).toBe('sensor');
  });
});

describe('focus, flags and reset', () => {
  it('hands a focus request to its section once', () => {
    let state = entityManagerReducer(
      init(),
      focusRequested({ section: 'assets', project: { id: 'p', name: 'Plant' }, entityId: 'e' }),
    );
    state = entityManagerReducer(state, focusTaken());
    expect(state.focus).toBeNull();
    expect(state.selected.assets).toBe('e');
  });

  it('clears every store back to its first empty page on resetAppState', () => {
    let state = entityManagerReducer(init(), entitiesLoaded({ kind: 'sensor', items: page(4), total: 40 }));
    state = entityManagerReducer(state, entityPageChanged({ kind: 'sensor', page: 3 }));
    state = entityManagerReducer(state, showSensorDataToggled());
    expect(state.showSensorData).toBe(true);
    state = entityManagerReducer(state, resetAppState());
    expect(state).toEqual(init());
  });
});
