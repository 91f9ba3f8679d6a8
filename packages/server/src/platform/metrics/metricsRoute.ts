/**
 * GET /metrics on the main port, for Prometheus, and the HTTP latency of every other answer.
 *
 * Who may scrape: with METRICS_TOKEN set, whoever sends `Authorization: Bearer <METRICS_TOKEN>` (the
 * usual Prometheus `authorization` setting), from anywhere; without it, only a client on this machine
 * that connects directly (loopback, no forwarding header), so a balancer on the same host that passes
 * /metrics on does not open it to the world. Metrics name routes, jobs and queues, not people, but
 * they tell an outsider the traffic and the build: they are not public.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../http/authContext';
import { problems } from '../http/problem';
import type { Metrics } from './metrics';

/** Times every answer by its route pattern and serves the metrics at /metrics. */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        // The pattern (/api/iot_mgmt/orgs/:orgId/…), never the URL: no ids or tokens in a label.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (token) {
      const given = bearerToken(request);
      if (!given) throw problems.unauthorized('Send Authorization: Bearer <METRICS_TOKEN>');
      if (!sameSecret(given, token)) throw problems.unauthorized('The metrics token is wrong');
    } else if (!directFromThisMachine(request)) {
      throw problems.forbidden(
        'Metrics are served only to this machine unless METRICS_TOKEN is set (then with that bearer token)',
      );
    }
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The TCP peer is this machine and no proxy says it forwards someone else's request. */
function directFromThisMachine(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const loopback = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return loopback && !forwarded;
}
