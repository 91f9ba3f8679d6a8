/**
 * What every IoT Manager call shares: argument shapes, the URL prefix and cache tags (the paging params
 * and helpers every app shares are in app/apiKit.ts).
 */
import { api } from '../../../app/api';
import type { OrgArg } from '../../../app/apiKit';

/** Calls about one project of the organization. */
export interface ProjectArg extends OrgArg {
  projectId: string;
}
/** Calls about one gateway. */
export interface GatewayArg extends OrgArg {
  gatewayId: string;
}

/** /iot_mgmt/orgs/{orgId}, the prefix of every IoT Manager call. */
export const iotBase = (orgId: string) => `/iot_mgmt/orgs/${orgId}`;
/** …/gateways/{gatewayId}{rest}. */
export const gatewayUrl = ({ orgId, gatewayId }: GatewayArg, rest = '') =>
  `${iotBase(orgId)}/gateways/${gatewayId}${rest}`;
/** …/projects/{projectId}{rest}. */
export const projectUrl = ({ orgId, projectId }: ProjectArg, rest = '') =>
  `${iotBase(orgId)}/projects/${projectId}${rest}`;

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
