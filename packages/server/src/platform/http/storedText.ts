/**
 * Answers give stored text back as it is. Requests check typed text strictly (contracts `text.ts`),
 * but a row written before those rules, or by the entity import, may hold a control character or be
 * longer than today's limit; checking answers with the request rules would turn every read of it,
 * and every list page holding it, into a 500. So every route's response schemas are replaced by their
 * stored form (storedForm) as the route is added: the serializer and the OpenAPI document both see it.
 */
import { storedForm } from '@ferrite/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** A response entry in its stored form: a zod schema, or fastify's `{ content: { type: { schema } } }`. */
function storedResponse(entry: unknown): unknown {
  if (entry instanceof z.core.$ZodType) return storedForm(entry);
  if (typeof entry !== 'object' || entry === null || !('content' in entry)) return entry;
  const content = entry.content as Record<string, { schema?: unknown }>;
  return {
    ...entry,
    content: Object.fromEntries(
      Object.entries(content).map(([type, media]) => [
        type,
        { ...media, schema: storedResponse(media.schema) },
      ]),
    ),
  };
}

/** Makes every route added after this call answer typed text in its stored form (call before the routes). */
export function installStoredTextAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!route.schema || !response) return;
    route.schema.response = Object.fromEntries(
      Object.entries(response).map(([status, entry]) => [status, storedResponse(entry)]),
    );
  });
}
