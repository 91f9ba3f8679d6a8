/** Dashboard data of the victim organization for the cross-tenant walker, so its footprint shows any route that touched it. */
import type { Db } from '../../platform/db/database';

/** A dashboard with a panel, a subpanel, a widget, a command widget, a link, a share, an open and a failure. */
export async function seedVictimDashboard(
  db: Db,
  orgId: string,
): Promise<{ dashboardId: string; panelId: string }> {
  const member = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  const dashboard = await db
    .insertInto('dashboards')
    .values({ org_id: orgId, name: 'Victim cockpit', created_by: member.user_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const panel = await db
    .insertInto('dashboard_panels')
    .values({ org_id: orgId, dashboard_id: dashboard.id, name: 'Victim panel', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const layout = JSON.stringify({ x: 0, y: 0, w: 4, h: 4 });
  const subpanel = await db
    .insertInto('dashboard_subpanels')
    .values({
      org_id: orgId,
      dashboard_id: dashboard.id,
      panel_id: panel.id,
      name: 'Box',
      position: 0,
      layout,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('dashboard_widgets')
    .values({
      org_id: orgId,
      dashboard_id: dashboard.id,
      panel_id: panel.id,
      subpanel_id: subpanel.id,
      widget_id: 'text.note',
      layout,
    })
    .execute();
  await db
    .insertInto('dashboard_command_widgets')
    .values({
      org_id: orgId,
      dashboard_id: dashboard.id,
      panel_id: panel.id,
      kind: 'button',
      gateway_id: null,
      command_name: 'reset',
      value_template: 'true',
      layout,
    })
    .execute();
  await db
    .insertInto('dashboard_exports')
    .values({ org_id: orgId, dashboard_id: dashboard.id, password_hash: 'x', created_by: member.user_id })
    .execute();
  await db
    .insertInto('dashboard_shares')
    .values({
      org_id: orgId,
      dashboard_id: dashboard.id,
      email: 'victim@example.com',
      user_id: member.user_id,
      shared_by: member.user_id,
    })
    .execute();
  await db
    .insertInto('dashboard_opens')
    .values({ org_id: orgId, user_id: member.user_id, dashboard_id: dashboard.id })
    .execute();
  await db.insertInto('dashboard_share_failures').values({ org_id: orgId, key: 'link:victim' }).execute();
  return { dashboardId: dashboard.id, panelId: panel.id };
}
