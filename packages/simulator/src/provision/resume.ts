/**
 * Resuming a fleet created earlier: the project's simulator gateways, each with a freshly issued
 * token (the server shows a token only once, so a restarted simulator cannot reuse the old one).
 */
import { signIn } from '../api';
import type { SimulatedGateway } from '../gateway';
import { reissueGateway, simulatedGateways } from './gateways';
import { findProject } from './projects';

export interface ResumeOptions {
  url: string;
  email: string;
  password: string;
  org?: string;
  project?: string;
}

/** The simulator's gateways already in the project, ready to drive (empty when there are none). */
export async function resumeFleet(options: ResumeOptions): Promise<SimulatedGateway[]> {
  const { api, orgId, orgName } = await signIn(options.url, options.email, options.password, options.org);
  const project = await findProject(api, orgId, orgName, options.project);
  const existing = await simulatedGateways(api, orgId, project.id);
  const gateways: SimulatedGateway[] = [];
  for (const gateway of existing) gateways.push(await reissueGateway(api, orgId, gateway.uuid));
  return gateways;
}
