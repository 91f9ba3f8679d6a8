/**
 * Widget definitions remembered between reads, so that a refresh reads its data in one statement
 * (readStatement.ts) instead of reading the widget's row first. A remembered widget is used only if
 * its row still has the version read with it, checked in that same statement: the row's xmin, which
 * any update of the row changes whoever makes it, so a widget edited, moved or deleted (here or on
 * another node) is read afresh. Its sensors' labels are remembered the same way: the statement checks
 * the xmin of the sensor and type rows they came from instead of walking the type chains again (on
 * PGlite that walk was a third of the statement). Data is never remembered, only what asks for it and
 * names it.
 */
import type { WidgetDataQuery, WidgetInstance, WidgetInstanceDataResponse } from '@ferrite/contracts';
import type { DB } from '../shared';
import { widgetData, widgetDataIfCurrent } from './data';
import { presentWidget } from './presenter';
import type { LabelsRead } from './readStatement';
import type { WidgetRow } from './repository';

interface Remembered {
  orgId: string;
  instance: WidgetInstance;
  version: string;
  labels: LabelsRead;
}

/** Enough for every widget of a busy plant's open dashboards; the oldest is forgotten first. */
const MAX_REMEMBERED = 2_000;

/** One memory per database: tests open many, and copies of one database share ids and versions. */
const memories = new WeakMap<DB, Map<string, Remembered>>();

function memoryOf(db: DB): Map<string, Remembered> {
  let memory = memories.get(db);
  if (!memory) {
    memory = new Map();
    memories.set(db, memory);
  }
  return memory;
}

function remember(db: DB, id: string, entry: Remembered): void {
  const memory = memoryOf(db);
  memory.delete(id);
  if (memory.size >= MAX_REMEMBERED) {
    const oldest = memory.keys().next().value;
    if (oldest !== undefined) memory.delete(oldest);
  }
  memory.set(id, entry);
}

/**
 * Reads a widget's data. A remembered widget of this organization that `fits` the path (its panel,
 * variant or dashboard) is trusted if its row is unchanged; otherwise `find` reads the row (and throws
 * the path's 404), which is remembered for the next read.
 */
export async function readWidget(
  db: DB,
  orgId: string,
  id: string,
  fits: (instance: WidgetInstance) => boolean,
  find: () => Promise<WidgetRow>,
  query: WidgetDataQuery,
): Promise<WidgetInstanceDataResponse> {
  const known = memoryOf(db).get(id);
  if (known && known.orgId === orgId && fits(known.instance)) {
    const read = await widgetDataIfCurrent(db, orgId, known.instance, known, query);
    if (read) return read.answer;
    memoryOf(db).delete(id);
  }
  const row = await find();
  const instance = presentWidget(row);
  const read = await widgetData(db, orgId, instance, query);
  remember(db, id, { orgId: row.org_id, instance, version: row.version, labels: read.labels });
  return read.answer;
}
