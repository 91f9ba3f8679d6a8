/** What every IoT Manager call shares: argument shapes, the URL prefix, cache tags and paging params. */
import { api } from '../../../app/api';

/** Every call names the signed-in organization. */
export interface OrgArg {
  orgId: string;
}
/** Calls about one project of the organization. */
export interface ProjectArg extends OrgArg {
  projectId: string;
}
/** Calls about one gateway. */
export interface GatewayArg extends OrgArg {
  gatewayId: string;
}
/** One page of a list, with optional search text. */
export interface PageArg {
  page: number;
  pageSize: number;
  search?: string;
}

/** /iot_mgmt/orgs/{orgId}, the prefix of every IoT Manager call. */
export const iotBase = (orgId: string) => `/iot_mgmt/orgs/${orgId}`;
/** …/gateways/{gatewayId}{rest}. */
export const gatewayUrl = ({ orgId, gatewayId }: GatewayArg, rest = '') =>
  `${iotBase(orgId)}/gateways/${gatewayId}${rest}`;
/** …/projects/{projectId}{rest}. */
export const projectUrl = ({ orgId, projectId }: ProjectArg, rest = '') =>
  `${iotBase(orgId)}/projects/${projectId}${rest}`;

/** page_number, page_size and search (dropped when blank). */
export function pageParams(arg: PageArg) {
  return { page_number: arg.page, page_size: arg.pageSize, search: arg.search?.trim() || undefined };
}

/** The app's API with its cache tags added. */
export const iotApi = api.enhanceEndpoints({
  addTagTypes: [
    'IotProjects',
    'IotGateways',
    'IotGateway',
    'IotTopology',
    'IotMappings',
    'IotMappingTree',
    'IotLogs',
    'IotCommands',
    'IotFirmware',
    'IotRollouts',
  ],
});
