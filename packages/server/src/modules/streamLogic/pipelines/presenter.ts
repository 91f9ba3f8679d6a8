/** Chains and their versions as the API answers them (pure: rows in, contract DTOs out). */
import type { Pipeline, PipelineSummary, PipelineVersion } from '@ferrite/contracts';
import type { ListedPipeline, VersionRow } from './repository';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A chain in the list: `failing` when enabled and a node failed lately, `disabled` when stopped. */
export function presentPipelineSummary(row: ListedPipeline): PipelineSummary {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    revision: row.revision,
    status: !row.enabled ? 'disabled' : row.failing ? 'failing' : 'running',
    node_count: row.actions.length,
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by ? { id: row.updated_by, name: row.updated_by_name ?? '' } : null,
  };
}

/** A chain with its graph and debug settings. */
export function presentPipeline(row: ListedPipeline): Pipeline {
  return {
    ...presentPipelineSummary(row),
    actions: row.actions,
    connections: row.connections,
    created_at: iso(row.created_at),
    debug_all: row.debug_all,
    debug_nodes: row.debug_nodes,
  };
}

/** A deployed version (without its graph). */
export function presentVersion(row: VersionRow): PipelineVersion {
  return {
    revision: row.revision,
    deployed_at: iso(row.deployed_at),
    deployed_by: row.deployed_by ? { id: row.deployed_by, name: row.deployed_by_name ?? '' } : null,
    name: row.name,
    rollback_of: row.rollback_of,
    diff: row.diff,
    node_count: row.actions.length,
  };
}

/** A version with its graph. */
export function presentVersionDetail(row: VersionRow) {
  return {
    ...presentVersion(row),
    description: row.description,
    actions: row.actions,
    connections: row.connections,
  };
}
