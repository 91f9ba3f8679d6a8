/** The demo organization and admin a newcomer signs in with on first start. */
import { APP_KEYS, DEFAULT_USER_SETTING } from '@ferrite/contracts';
import type { Db } from '../platform/db/database';
import { hashPassword } from '../platform/security/passwords';

export const DEMO_ADMIN = {
  email: 'admin@ferrite.dev',
  password: 'Ferrite@2026',
  name: 'Demo Admin',
} as const;
export const DEMO_ORG = { name: 'Demo Plant', slug: 'demo-plant' } as const;

/** Seeds the demo when the database has no users yet; answers whether it seeded. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return false;
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  await db.transaction().execute(async (trx) => {
    const org = await trx
      .insertInto('orgs')
      .values({ name: DEMO_ORG.name, slug: DEMO_ORG.slug, apps: JSON.stringify(APP_KEYS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        email: DEMO_ADMIN.email,
        name: DEMO_ADMIN.name,
        password_hash: passwordHash,
        is_platform_admin: true,
        settings: JSON.stringify(DEFAULT_USER_SETTING),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('memberships').values({ org_id: org.id, user_id: user.id, role: 'admin' }).execute();
  });
  return true;
}
