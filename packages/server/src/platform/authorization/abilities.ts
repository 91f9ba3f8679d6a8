/** What a member may open and do: from their org role, custom role, user groups and direct app grants. */
import {
  ALL_PERMISSIONS,
  APP_KEYS,
  type AppKey,
  isAppKey,
  isPermission,
  type Permission,
  PLATFORM_ADMIN_APPS,
  permissionApp,
} from '@ferrite/contracts';
import type { Db } from '../db/database';

export interface Abilities {
  apps: AppKey[];
  permissions: Set<Permission>;
}

interface Grants {
  orgApps: string[];
  role: string;
  isPlatformAdmin: boolean;
  directApps: string[];
  rolePermissions: string[];
  groups: { apps: string[]; permissions: string[] }[];
}

/**
 * Combines grants into abilities. Organization admins hold every action of the organization's apps;
 * members hold what their groups and custom role allow; only platform admins reach the Tenant Manager,
 * whatever the organization's app list says. Nothing outside the organization's apps is ever granted.
 */
export function combineGrants(grants: Grants): Abilities {
  const granted = new Set<Permission>();
  const add = (permission: string) => {
    if (isPermission(permission)) granted.add(permission);
  };
  if (grants.role === 'admin') {
    for (const permission of ALL_PERMISSIONS) add(permission);
  } else {
    for (const app of grants.directApps) add(`${app}.view`);
    for (const permission of grants.rolePermissions) add(permission);
    for (const group of grants.groups) {
      for (const app of group.apps) add(`${app}.view`);
      for (const permission of group.permissions) {
        // A group's actions count only inside the apps the group allows.
        if (isPermission(permission) && group.apps.includes(permissionApp(permission))) add(permission);
      }
    }
  }
  const permissions = new Set<Permission>();
  for (const permission of granted) {
    const app = permissionApp(permission);
    if (PLATFORM_ADMIN_APPS.includes(app)) continue;
    if (grants.orgApps.includes(app)) permissions.add(permission);
  }
  if (grants.isPlatformAdmin) {
    for (const permission of ALL_PERMISSIONS) {
      if (PLATFORM_ADMIN_APPS.includes(permissionApp(permission))) permissions.add(permission);
    }
  }
  const apps = APP_KEYS.filter((app) => permissions.has(`${app}.view` as Permission));
  return { apps, permissions };
}

/** Loads a member's grants and combines them. */
export async function loadAbilities(
  db: Db,
  orgId: string,
  userId: string,
  isPlatformAdmin: boolean,
): Promise<Abilities> {
  const [membership, groups] = await Promise.all([
    db
      .selectFrom('memberships as m')
      .innerJoin('orgs as o', 'o.id', 'm.org_id')
      .leftJoin('roles as r', (join) =>
        join.onRef('r.id', '=', 'm.role_id').onRef('r.org_id', '=', 'm.org_id'),
      )
      .select(['m.role', 'm.apps', 'o.apps as org_apps', 'r.permissions as role_permissions'])
      .where('m.org_id', '=', orgId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('user_group_members as gm')
      .innerJoin('user_groups as g', 'g.id', 'gm.group_id')
      .select(['g.apps', 'g.permissions'])
      .where('gm.org_id', '=', orgId)
      .where('g.org_id', '=', orgId)
      .where('gm.user_id', '=', userId)
      .where('g.archived_at', 'is', null)
      .execute(),
  ]);
  if (!membership) return { apps: [], permissions: new Set() };
  return combineGrants({
    orgApps: membership.org_apps.filter(isAppKey),
    role: membership.role,
    isPlatformAdmin,
    directApps: membership.apps,
    rolePermissions: membership.role_permissions ?? [],
    groups,
  });
}

/** The caller's permissions within one app, for the `abilities` field of list responses. */
export function abilitiesInApp(abilities: Abilities, app: AppKey): string[] {
  return [...abilities.permissions].filter((permission) => permissionApp(permission) === app).sort();
}
