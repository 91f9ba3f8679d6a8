/**
 * Entity Manager state (spec §3 "Sensor, sensor type, asset, asset type", §4 list stores): four list
 * stores (sensors, assets and their types, each the page on screen), the entity selected in each
 * section, the show-sensor-data flag, which type list Settings shows, and a pending "open this entity"
 * request handed from the map to the Assets or Sensors section. The project selection is each
 * section's breadcrumb trail (crumb 1), so the trail and the page can never disagree.
 */
import { DEFAULT_PAGE_SIZE, type Entity, type EntityKind, type EntityType } from '@ferrite/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { resetAppState } from '../../app/actions';
import { createListStore, type ListState } from '../../ui/listStore';

/** The list store of a project's sensors (the page on screen). */
export const sensorList = createListStore<Entity>('entityManager/sensors', DEFAULT_PAGE_SIZE);
/** The list store of a project's assets. */
export const assetList = createListStore<Entity>('entityManager/assets', DEFAULT_PAGE_SIZE);
/** The list store of sensor types. */
export const sensorTypeList = createListStore<EntityType>('entityManager/sensorTypes', DEFAULT_PAGE_SIZE);
/** The list store of asset types. */
export const assetTypeList = createListStore<EntityType>('entityManager/assetTypes', DEFAULT_PAGE_SIZE);

/** The list store that holds a kind's entities, and the one that holds its types. */
export const ENTITY_LISTS = { asset: assetList, sensor: sensorList } as const;
export const TYPE_LISTS = { asset: assetTypeList, sensor: sensorTypeList } as const;

/** Sections that show one project's entities. */
export type EntitySection = 'assets' | 'sensors';

/** "Open this entity in that section", from the map or a detail link. */
export interface FocusRequest {
  section: EntitySection;
  project: { id: string; name: string };
  entityId: string;
}

export interface EntityManagerState {
  sensors: ListState<Entity>;
  assets: ListState<Entity>;
  sensorTypes: ListState<EntityType>;
  assetTypes: ListState<EntityType>;
  /** The entity shown in each section's detail panel. */
  selected: Record<EntitySection, string | null>;
  /** Sensor detail: the latest values and history panel is open. */
  showSensorData: boolean;
  /** Which type list the types page shows. */
  typeKind: EntityKind;
  focus: FocusRequest | null;
}

const entityKey = (kind: EntityKind) => (kind === 'asset' ? 'assets' : 'sensors');
const typeKey = (kind: EntityKind) => (kind === 'asset' ? 'assetTypes' : 'sensorTypes');

function initialState(): EntityManagerState {
  const init = { type: '@@init' };
  return {
    sensors: sensorList.reducer(undefined, init),
    assets: assetList.reducer(undefined, init),
    sensorTypes: sensorTypeList.reducer(undefined, init),
    assetTypes: assetTypeList.reducer(undefined, init),
    selected: { assets: null, sensors: null },
    showSensorData: false,
    typeKind: 'asset',
    focus: null,
  };
}

const slice = createSlice({
  name: 'entityManager',
  initialState,
  reducers: {
    /** A page of a project's entities arrived. */
    entitiesLoaded(state, { payload }: PayloadAction<{ kind: EntityKind; items: Entity[]; total: number }>) {
      const key = entityKey(payload.kind);
      const store = ENTITY_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.pageLoaded(payload));
    },
    entityPageChanged(state, { payload }: PayloadAction<{ kind: EntityKind; page: number }>) {
      const key = entityKey(payload.kind);
      const store = ENTITY_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.setPage(payload.page));
    },
    /** A new entity shows first on page 1; the total always grows (spec §4). */
    entityCreated(state, { payload }: PayloadAction<Entity>) {
      const key = entityKey(payload.kind);
      const store = ENTITY_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.itemInserted(payload));
    },
    entityUpdated(state, { payload }: PayloadAction<Entity>) {
      const key = entityKey(payload.kind);
      const store = ENTITY_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.itemUpdated(payload));
    },
    entityRemoved(state, { payload }: PayloadAction<{ kind: EntityKind; id: string }>) {
      const key = entityKey(payload.kind);
      const store = ENTITY_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.itemRemoved(payload.id));
      for (const section of ['assets', 'sensors'] as const) {
        if (state.selected[section] === payload.id) state.selected[section] = null;
      }
    },
    typesLoaded(state, { payload }: PayloadAction<{ kind: EntityKind; items: EntityType[]; total: number }>) {
      const key = typeKey(payload.kind);
      const store = TYPE_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.pageLoaded(payload));
    },
    typePageChanged(state, { payload }: PayloadAction<{ kind: EntityKind; page: number }>) {
      const key = typeKey(payload.kind);
      const store = TYPE_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.setPage(payload.page));
    },
    typeCreated(state, { payload }: PayloadAction<EntityType>) {
      const key = typeKey(payload.kind);
      const store = TYPE_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.itemInserted(payload));
    },
    typeUpdated(state, { payload }: PayloadAction<EntityType>) {
      const key = typeKey(payload.kind);
      const store = TYPE_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.itemUpdated(payload));
    },
    typeRemoved(state, { payload }: PayloadAction<{ kind: EntityKind; id: string }>) {
      const key = typeKey(payload.kind);
      const store = TYPE_LISTS[payload.kind];
      state[key] = store.reducer(state[key], store.actions.itemRemoved(payload.id));
    },
    typeKindChanged(state, { payload }: PayloadAction<EntityKind>) {
      state.typeKind = payload;
    },
    entitySelected(state, { payload }: PayloadAction<{ section: EntitySection; id: string | null }>) {
      state.selected[payload.section] = payload.id;
    },
    /** Another project was opened: its lists start on page 1 with nothing selected. */
    projectOpened(state, { payload }: PayloadAction<EntitySection>) {
      state.selected[payload] = null;
      state.sensors.page = 1;
      state.assets.page = 1;
    },
    showSensorDataToggled(state, { payload }: PayloadAction<boolean | undefined>) {
      state.showSensorData = payload ?? !state.showSensorData;
    },
    focusRequested(state, { payload }: PayloadAction<FocusRequest>) {
      state.focus = payload;
    },
    /** The target section took the request: the entity is selected and the request is spent. */
    focusTaken(state) {
      if (!state.focus) return;
      state.selected[state.focus.section] = state.focus.entityId;
      state.focus = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(resetAppState, () => initialState());
  },
});

export const {
  entitiesLoaded,
  entityPageChanged,
  entityCreated,
  entityUpdated,
  entityRemoved,
  typesLoaded,
  typePageChanged,
  typeCreated,
  typeUpdated,
  typeRemoved,
  typeKindChanged,
  entitySelected,
  projectOpened,
  showSensorDataToggled,
  focusRequested,
  focusTaken,
} = slice.actions;

/** The Entity Manager's reducer, mounted at state.entityManager. */
export const entityManagerReducer = slice.reducer;

/** The Entity Manager state from the root state. */
export const selectEntityManager = (state: { entityManager: EntityManagerState }) => state.entityManager;
