/**
 * Widget reads started the moment a panel is known, before its canvas renders: fifty cards take a few
 * hundred milliseconds to render on a slow machine, and each card asks for its data only once it is
 * mounted, so the reads used to go out after that render and the page then sat idle while the server
 * answered. Started ahead, the answers arrive while the cards render. A card takes a read started for it
 * when it asks for the same read (readAheadMatches) within READ_AHEAD_MS, and only once; anything else
 * goes to the server as before.
 */
import {
  findWidgetVariant,
  type WidgetDataQuery,
  type WidgetInstance,
  type WidgetInstanceDataResponse,
  widgetTelemetryQuery,
} from '@ferrite/contracts';
import { readsData } from './readsData';
import { storedConfig } from './storedConfig';
import type { DashboardViewSource } from './viewContext';

type ReadWidget = DashboardViewSource['readWidget'];

/** How long a read started ahead waits to be taken; older ones are read again. */
export const READ_AHEAD_MS = 5_000;

/** The read a card makes for this instance (WidgetCard, useWidgetData), or null when it reads nothing. */
export function cardReadQuery(instance: WidgetInstance, now: Date): WidgetDataQuery | null {
  const variant = findWidgetVariant(instance.widget_id);
  if (!variant || !readsData(variant.kind)) return null;
  return widgetTelemetryQuery(storedConfig(variant, instance.config), now);
}

/** The fields of a read query besides its window. */
const SAME_FIELDS = ['aggregate_func', 'group_interval', 'group_interval_type', 'type', 'last'] as const;

/**
 * Whether an answer to `ahead` serves a card asking `asked` later: the same read except that its window
 * ends up to READ_AHEAD_MS later, keeping its length (a window ending now, asked a moment later). The
 * newest N points ignore the window. The live values merged into the answer (mergeLive.ts) carry it
 * forward as they carry any answer.
 */
export function readAheadMatches(ahead: WidgetDataQuery, asked: WidgetDataQuery): boolean {
  if (!SAME_FIELDS.every((field) => ahead[field] === asked[field])) return false;
  if (ahead.last !== undefined) return true;
  const shift = Date.parse(asked.to_date ?? '') - Date.parse(ahead.to_date ?? '');
  return (
    shift >= 0 &&
    shift <= READ_AHEAD_MS &&
    Date.parse(asked.from_date ?? '') - Date.parse(ahead.from_date ?? '') === shift
  );
}

interface Ahead {
  updatedAt: string;
  query: WidgetDataQuery;
  answer: Promise<WidgetInstanceDataResponse>;
  startedAt: number;
}

export interface ReadAhead {
  /** The view's readWidget: a read started ahead for the instance when it matches, else `read`. */
  readWidget: ReadWidget;
  /** Starts the reads the cards of these instances will make. */
  readAhead: (instances: readonly WidgetInstance[]) => void;
}

/** Wraps a view's readWidget (batched, so reads started together go out together) with reads ahead. */
export function withReadAhead(read: ReadWidget, clock: () => number = Date.now): ReadAhead {
  const ahead = new Map<string, Ahead>();
  return {
    readAhead(instances) {
      const startedAt = clock();
      const now = new Date(startedAt);
      for (const instance of instances) {
        const query = cardReadQuery(instance, now);
        if (!query) continue;
        const answer = read(instance, query);
        // Whoever takes it handles its failure; never taken, it must not count as unhandled.
        answer.catch(() => undefined);
        ahead.set(instance.id, { updatedAt: instance.updated_at, query, answer, startedAt });
      }
    },
    readWidget(instance, query) {
      const started = ahead.get(instance.id);
      if (started) {
        ahead.delete(instance.id);
        if (
          started.updatedAt === instance.updated_at &&
          clock() - started.startedAt <= READ_AHEAD_MS &&
          readAheadMatches(started.query, query)
        )
          return started.answer;
      }
      return read(instance, query);
    },
  };
}
