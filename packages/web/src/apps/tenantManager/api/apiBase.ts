/**
 * What every Tenant Manager call shares: the URL prefix and cache tags (the paging params and helpers
 * every app shares are in app/apiKit.ts). Its routes are for platform admins only, so a 403 means "not
 * a platform admin", not "signed out": each call is shown in place with OWN_403.
 */
import { api } from '../../../app/api';

/** /tenant_mgmt, the prefix of every Tenant Manager call (not scoped to an organization). */
export const TENANT_BASE = '/tenant_mgmt';

/** The id of the tag that stands for a whole list. */
export const LIST = 'LIST';

/** The app's API with its cache tags added. */
export const tenantApi = api.enhanceEndpoints({ addTagTypes: ['Organization', 'OrgRequest'] });
