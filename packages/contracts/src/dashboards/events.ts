/** Live events of dashboards, sent to the `dashboard` and `sharedDashboard` socket rooms. */
import { z } from 'zod';

/** What a dashboard change names. */
export const DASHBOARD_CHANGE_ENTITIES = [
  'dashboard',
  'panel',
  'subpanel',
  'widget_instance',
  'command_widget',
] as const;

/** Something on a dashboard changed: open views reload that part (SOCKET_EVENTS.dashboardChanged). */
export const dashboardChangedEventSchema = z.object({
  dashboard_id: z.string().uuid(),
  entity: z.enum(DASHBOARD_CHANGE_ENTITIES),
  id: z.string().uuid(),
  action: z.enum(['created', 'updated', 'deleted']),
});
export type DashboardChangedEvent = z.infer<typeof dashboardChangedEventSchema>;

/**
 * A link's sessions ended; its viewers are disconnected next (SOCKET_EVENTS.dashboardShareEnded).
 * After `password_changed` or `expiry_changed` the link may still work: ask for the password again.
 */
export const dashboardShareEndedEventSchema = z.object({
  uuid: z.string().uuid(),
  reason: z.enum(['revoked', 'password_changed', 'expiry_changed', 'deleted']),
});
export type DashboardShareEndedEvent = z.infer<typeof dashboardShareEndedEventSchema>;
