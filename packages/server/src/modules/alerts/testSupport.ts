/**
 * Test helpers for Alerts: an API client for /api/alert/orgs/{orgId}, a valid rule body, and an alert
 * raised straight through the lifecycle (as any app raises one). Other parts' tests import these.
 */
import { randomUUID } from 'node:crypto';
import type { RuleBody, RuleScope } from '@ferrite/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { bearer } from '../../testing/session';
import type { TestPlatform } from '../../testing/testPlatform';
import { type AlertRow, type RaiseInput, raiseAlert } from './lifecycle/raise';

type Query = Record<string, string | number | boolean>;

export interface AlertClient {
  get(path: string, query?: Query): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  put(path: string, payload: object): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

/** Calls /api/alert/orgs/{orgId}/… with a bearer token. */
export function alertClient(platform: TestPlatform, orgId: string, token: string): AlertClient {
  const url = (path: string) => `/api/alert/orgs/${orgId}${path}`;
  const headers = bearer(token);
  const query = (values?: Query) =>
    Object.fromEntries(Object.entries(values ?? {}).map(([k, v]) => [k, String(v)]));
  return {
    get: (path, values) =>
      platform.app.inject({ method: 'GET', url: url(path), headers, query: query(values) }),
    post: (path, payload) =>
      platform.app.inject({ method: 'POST', url: url(path), headers, ...(payload ? { payload } : {}) }),
    put: (path, payload) => platform.app.inject({ method: 'PUT', url: url(path), headers, payload }),
    delete: (path) => platform.app.inject({ method: 'DELETE', url: url(path), headers }),
  };
}

/** A valid rule body: `param > threshold` on the scope, in-app, extra fields merged over it. */
export function ruleBody(
  scope: RuleScope,
  extra: Partial<RuleBody> & { param?: string; threshold?: number } = {},
): RuleBody {
  const { param = 'temperature', threshold = 80, ...rest } = extra;
  return {
    rule_name: `Too hot ${randomUUID().slice(0, 6)}`,
    severity: 'major',
    data: { scope, condition: { op: 'gt', param, value: threshold } },
    ...rest,
  };
}

/** Creates a rule through the API; answers the 201 body (fails the test otherwise). */
export async function createRule(
  client: AlertClient,
  body: RuleBody,
): Promise<{ id: string; [k: string]: unknown }> {
  const response = await client.post('/rules', body);
  if (response.statusCode !== 201)
    throw new Error(`create rule answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/** Raises an alert through the lifecycle with a fresh dedupe key unless given; answers the stored row. */
export async function raiseTestAlert(
  platform: TestPlatform,
  orgId: string,
  input: Partial<RaiseInput> = {},
): Promise<AlertRow> {
  const raised = await raiseAlert(platform.deps, {
    orgId,
    app: 'alerts',
    dedupeKey: `test:${randomUUID()}`,
    severity: 'major',
    description: 'Boiler temperature 91 > 80',
    ...input,
  });
  if (!raised) throw new Error('raiseAlert answered null');
  return raised.alert;
}
