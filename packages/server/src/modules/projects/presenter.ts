/** Project row → contract DTO. */
import type { Project } from '@ferrite/contracts';
import { iso, isoOrNull } from '../../platform/isoTime';
import type { PersonRow, ProjectRow } from './repository';

function person(id: string | null, name: string | null, email: string | null) {
  return id && name !== null && email !== null ? { id, name, email } : null;
}

/** A project as the API answers it. */
export function presentProject(row: ProjectRow, members: readonly PersonRow[]): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    manager: person(row.manager_id, row.manager_name, row.manager_email),
    members: members.map(({ id, name, email }) => ({ id, name, email })),
    metadata: row.metadata,
    location: row.location,
    created_at: iso(row.created_at),
    created_by: person(row.created_by, row.creator_name, row.creator_email),
    archived_at: isoOrNull(row.archived_at),
  };
}
