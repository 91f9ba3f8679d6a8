/**
 * Every Stream Logic route under /stream_process/{projectId}: the project must be one of the caller's
 * organization's, checked before the body is (so another organization learns nothing from a 400, and
 * every route answers it the same 404 "Project was not found").
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { mustFindProject, ProjectRepository } from '../projects';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Adds the project check to every route registered on `app` after it (and in its children). */
export function scopeToProject(app: FastifyInstance, db: Db): void {
  const projects = new ProjectRepository(db);
  app.addHook('preValidation', async (request) => {
    const projectId = (request.params as { projectId?: unknown } | undefined)?.projectId;
    // A malformed id is left to the schema (400 naming it).
    if (typeof projectId !== 'string' || !UUID.test(projectId)) return;
    // A read-ahead route's caller may still be pending; public routes have none.
    const caller = request.auth ?? (request.pendingCaller ? await request.pendingCaller : null);
    if (!caller) return;
    await mustFindProject(projects, caller.orgId, projectId);
  });
}
