/**
 * How a dashboard's widget reads are going: the last outcome of each widget's read, so the header's
 * live badge can say "Partly live" or "Offline" when reads fail instead of a green dot over error cards.
 */
import type { WidgetInstance, WidgetInstanceDataResponse } from '@ferrite/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { problemOf } from '../../ui/appHooks';

/** The reads of one panel: how many widgets read, how many failed, and why the first one failed. */
export interface ReadSummary {
  read: number;
  failed: number;
  reason: string | null;
}

const NONE: ReadSummary = { read: 0, failed: 0, reason: null };

/** The last read outcome per widget instance, grouped by panel. */
export class ReadHealth {
  private readonly outcomes = new Map<string, { panelId: string; error: string | null }>();
  private readonly listeners = new Set<() => void>();
  private readonly summaries = new Map<string, ReadSummary>();

  /** Wraps a read so its outcome is recorded (the answer or error passes through unchanged). */
  track<Q>(
    read: (instance: WidgetInstance, query: Q) => Promise<WidgetInstanceDataResponse>,
  ): (instance: WidgetInstance, query: Q) => Promise<WidgetInstanceDataResponse> {
    return (instance, query) =>
      read(instance, query).then(
        (answer) => {
          this.record(instance, null);
          return answer;
        },
        (error: unknown) => {
          const problem = problemOf(error);
          this.record(instance, problem.detail || problem.title);
          throw error;
        },
      );
  }

  /** Forgets a widget (deleted, or its panel closed). */
  forget(instanceId: string): void {
    const outcome = this.outcomes.get(instanceId);
    if (!outcome) return;
    this.outcomes.delete(instanceId);
    this.changed(outcome.panelId);
  }

  /** The panel's summary; the same object until one of its reads changes outcome. */
  summary(panelId: string): ReadSummary {
    let summary = this.summaries.get(panelId);
    if (!summary) {
      let read = 0;
      let failed = 0;
      let reason: string | null = null;
      for (const outcome of this.outcomes.values()) {
        if (outcome.panelId !== panelId) continue;
        read += 1;
        if (outcome.error !== null) {
          failed += 1;
          reason ??= outcome.error;
        }
      }
      summary = read === 0 ? NONE : { read, failed, reason };
      this.summaries.set(panelId, summary);
    }
    return summary;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private record(instance: WidgetInstance, error: string | null): void {
    const before = this.outcomes.get(instance.id);
    if (before && before.error === error && before.panelId === instance.panel_id) return;
    this.outcomes.set(instance.id, { panelId: instance.panel_id, error });
    if (before && before.panelId !== instance.panel_id) this.summaries.delete(before.panelId);
    this.changed(instance.panel_id);
  }

  private changed(panelId: string): void {
    this.summaries.delete(panelId);
    for (const listener of this.listeners) listener();
  }
}

/** The open panel's read summary, re-rendering when it changes. */
export function useReadSummary(health: ReadHealth, panelId: string | null | undefined): ReadSummary {
  const current = useCallback(() => (panelId ? health.summary(panelId) : NONE), [health, panelId]);
  return useSyncExternalStore(health.subscribe, current, current);
}
