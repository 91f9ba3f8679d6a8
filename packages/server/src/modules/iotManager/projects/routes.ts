/**
 * The IoT Manager's project views: GET /iot_mgmt/orgs/{orgId}/projects ("My Projects", with gateway
 * counts) and GET …/projects/{projectId}/topology (the project's gateways and the sensors they feed).
 */
import {
  iotProjectsQuerySchema,
  iotProjectsResponseSchema,
  orgParamsSchema,
  projectGatewaysParamsSchema,
  type TopologyResponse,
  topologyResponseSchema,
} from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abilitiesInApp } from '../../../platform/authorization/abilities';
import { requireAuth } from '../../../platform/http/authContext';
import type { AppDeps } from '../../../platform/http/deps';
import { isoOrNull } from '../../../platform/isoTime';
import { activeProjectPage, mustFindProject, ProjectRepository } from '../../projects';
import { errorResponses, gatewayStatus, IOT_MGMT_PREFIX, IOT_TAGS } from '../shared';
import { IotProjectRepository } from './repository';

const view = { permission: 'iotManager.view' as const };

/** Registers the project list and topology routes. */
export const iotProjectRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repo = new IotProjectRepository(deps.db);
  const projects = new ProjectRepository(deps.db);

  app.get(`${IOT_MGMT_PREFIX}/projects`, {
    config: view,
    schema: {
      tags: IOT_TAGS,
      summary: 'Active projects, newest first, with how many gateways each has and how many are online',
      params: orgParamsSchema,
      querystring: iotProjectsQuerySchema,
      response: { 200: iotProjectsResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      const auth = requireAuth(request);
      const { rows, total } = await activeProjectPage(projects, auth.orgId, request.query);
      const counts = await repo.gatewayCounts(
        auth.orgId,
        rows.map((row) => row.id),
        new Date(),
      );
      return {
        projects: rows.map((row) => ({
          id: row.id,
          name: row.name,
          description: row.description,
          gateway_count: counts.get(row.id)?.gateways ?? 0,
          online_count: counts.get(row.id)?.online ?? 0,
        })),
        total_entries: total,
        abilities: abilitiesInApp(auth.abilities, 'iotManager'),
      };
    },
  });

  app.get(`${IOT_MGMT_PREFIX}/projects/:projectId/topology`, {
    config: view,
    schema: {
      tags: IOT_TAGS,
      summary:
        "The project's active gateways by name, each with the sensors its mappings feed and their parameter keys",
      params: projectGatewaysParamsSchema,
      response: { 200: topologyResponseSchema, ...errorResponses },
    },
    handler: async (request): Promise<TopologyResponse> => {
      const { orgId } = requireAuth(request);
      const project = await mustFindProject(projects, orgId, request.params.projectId);
      const rows = await repo.gateways(orgId, project.id);
      const fed = await repo.fed(
        orgId,
        rows.map((row) => row.id),
      );
      // Per gateway, its sensors in the order the query gave them (by name), each with its keys.
      const byGateway = new Map<string, Map<string, { id: string; name: string; param_keys: string[] }>>();
      for (const link of fed) {
        const sensors = byGateway.get(link.gateway_id) ?? new Map();
        const sensor = sensors.get(link.sensor_id) ?? {
          id: link.sensor_id,
          name: link.sensor_name,
          param_keys: [],
        };
        sensor.param_keys.push(link.param_key);
        sensors.set(link.sensor_id, sensor);
        byGateway.set(link.gateway_id, sensors);
      }
      const now = Date.now();
      return {
        project: { id: project.id, name: project.name },
        gateways: rows.map((row) => {
          const sensors = byGateway.get(row.id) ?? new Map();
          return {
            id: row.id,
            name: row.name,
            type: row.type as TopologyResponse['gateways'][number]['type'],
            protocol: row.protocol as TopologyResponse['gateways'][number]['protocol'],
            status: gatewayStatus(row.last_seen_at, row.heartbeat_timeout_s, now),
            parent_id: row.parent_id,
            last_seen_at: isoOrNull(row.last_seen_at),
            sensors: [...sensors.values()],
          };
        }),
      };
    },
  });
};
