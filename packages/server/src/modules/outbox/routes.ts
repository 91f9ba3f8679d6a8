/** GET /admin/outbox: mail the platform kept, newest first, for platform admins. */
import { nameText, PAGE_NUMBER_MAX } from '@ferrite/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/http/deps';
import { pageWindow } from '../../platform/http/paging';
import { problemResponses } from '../../platform/http/problemResponses';
import { OutboxRepository } from './repository';

const querySchema = z.object({
  page_number: z.coerce.number().int().min(1).max(PAGE_NUMBER_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  to: nameText('to', 254).optional(),
});

const messageSchema = z.object({
  id: z.string(),
  to: z.string(),
  from_name: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  transport: z.string(),
  created_at: z.string(),
});

/** Registers the outbox route. */
export const outboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const outbox = new OutboxRepository(deps.db);
  app.get('/admin/outbox', {
    config: { access: 'platformAdmin' },
    schema: {
      tags: ['platform'],
      summary: 'Mail kept in the outbox, newest first',
      querystring: querySchema,
      response: {
        200: z.object({ messages: z.array(messageSchema), total_entries: z.number() }),
        ...problemResponses(401, 403),
      },
    },
    handler: async (request) => {
      const { to } = request.query;
      const { rows, total } = await outbox.page({ to: to?.toLowerCase(), ...pageWindow(request.query) });
      return {
        total_entries: total,
        messages: rows.map((row) => ({
          id: row.id,
          to: row.to_address,
          from_name: row.from_name,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          transport: row.transport,
          created_at: row.created_at.toISOString(),
        })),
      };
    },
  });
};
