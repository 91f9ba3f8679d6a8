/**
 * The JSON body parser: Fastify's own (prototype poisoning refused, empty and malformed bodies named),
 * behind a strict UTF-8 check. Fastify decodes with replacement characters, so a body with bytes that
 * are not UTF-8 would be stored as U+FFFD in place of what the client meant; it is refused instead.
 * Plugins that take raw bodies (device ingest) remove this parser in their own scope.
 */
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from './problem';

/** Replaces the application/json parser of the app with the UTF-8-checking one. */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // One decoder is safe to share: decode() without { stream: true } keeps no state between calls.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decoder.decode(body as Buffer);
    } catch {
      done(new HttpProblem(400, 'Malformed JSON', 'The request body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
