/** SQL for the place search: the located entities of one organization. */
import { Repository } from '../../platform/db/repository';

/** A named spot the organization already uses: an entity with coordinates. */
export interface SiteRow {
  name: string;
  latitude: number;
  longitude: number;
}

/** Data access for the place search. */
export class PlaceRepository extends Repository {
  /** Located entities of the organization whose name matches, top-level assets (plants, sites) first. */
  async sitesMatching(orgId: string, pattern: string, limit: number): Promise<SiteRow[]> {
    const rows = await this.db
      .selectFrom('entities')
      .select(['name', 'latitude', 'longitude'])
      .where('org_id', '=', orgId)
      .where('latitude', 'is not', null)
      .where('longitude', 'is not', null)
      .where('name', 'ilike', pattern)
      .orderBy('depth')
      .orderBy('name')
      .limit(limit)
      .execute();
    return rows as SiteRow[];
  }
}
