/**
 * A panel's widgets read in one request (POST …/panels/{panelId}/widget_data), for members and link
 * holders alike: a dashboard opening with fifty widgets then pays for one authorization, one lookup of
 * the instances and one of the sensors' labels instead of fifty of each, and its reads run side by side.
 */
import type { WidgetDataBatchResponse, WidgetDataQuery } from '@ferrite/contracts';
import { mustFindPanel } from '../load';
import { type DB, problems } from '../shared';
import { widgetDataBatch } from './data';
import { presentWidget } from './presenter';
import { WidgetRepository } from './repository';

/** Answers each read in the order asked; an id that is not a widget of the panel answers its own 404. */
export async function readPanelWidgets(
  db: DB,
  orgId: string,
  panelId: string,
  reads: readonly { id: string; query: WidgetDataQuery }[],
  dashboardId?: string,
): Promise<WidgetDataBatchResponse> {
  const widgets = new WidgetRepository(db);
  const rows = await widgets.ofPanels(orgId, [panelId]);
  // Instances of the panel prove it exists; without any, the panel itself may be missing (404).
  if (rows.length === 0 || (dashboardId !== undefined && rows[0]?.dashboard_id !== dashboardId))
    await mustFindPanel(widgets, orgId, panelId, dashboardId);
  // Only the instances asked for are presented: resolving a stored config is a schema parse, and a
  // dashboard opening sends its fifty reads in several batches, each of which loads the whole panel.
  const asked = new Set(reads.map(({ id }) => id));
  const instances = new Map(
    rows.filter((row) => asked.has(row.id)).map((row) => [row.id, presentWidget(row)]),
  );
  const known = reads.flatMap(({ id, query }) => {
    const instance = instances.get(id);
    return instance ? [{ instance, query }] : [];
  });
  const answers = (await widgetDataBatch(db, orgId, known)).values();
  return {
    results: reads.map(({ id }) => {
      // Answers come in the order of the known reads, which keep the order asked.
      const answer = instances.has(id) ? answers.next().value : undefined;
      if (answer && 'data' in answer) return { id, data: answer.data };
      const problem = answer?.problem ?? problems.notFound('Widget instance');
      return { id, error: { status: problem.status, title: problem.title, detail: problem.detail } };
    }),
  };
}
