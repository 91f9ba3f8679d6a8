/** GET /api/client-config: public settings the web app needs before or beside sign-in. */
import { z } from 'zod';

export const clientConfigSchema = z.object({
  /** A MapLibre style URL for the entity map; null means the app's offline style (nothing fetched). */
  map_style_url: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
