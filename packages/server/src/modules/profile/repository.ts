/** SQL for the caller's own profile and organization. */
import { Repository } from '../../platform/db/repository';

/** Data access for the profile module; every read is scoped to the caller's organization. */
export class ProfileRepository extends Repository {
  /** The user with their membership and organization. */
  findProfile(orgId: string, userId: string) {
    return this.db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .innerJoin('orgs as o', 'o.id', 'm.org_id')
      .select([
        'u.id',
        'u.name',
        'u.email',
        'u.avatar',
        'u.phone',
        'u.is_platform_admin',
        'u.settings',
        'u.last_login_at',
        'm.role',
        'o.id as org_id',
        'o.name as org_name',
        'o.slug as org_slug',
        'o.apps as org_apps',
      ])
      .where('m.org_id', '=', orgId)
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** Stores the full settings document and, when given, the avatar. */
  async saveSettings(userId: string, settings: unknown, avatar: number | undefined): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ settings: JSON.stringify(settings), ...(avatar === undefined ? {} : { avatar }) })
      .where('id', '=', userId)
      .execute();
  }
}
