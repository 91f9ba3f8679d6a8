/** Sink: POSTs each message as JSON to a URL (only to networks the server allows, WEBHOOK_NETWORKS). */
import { z } from 'zod';
import { defineNode } from './defineNode';
import { actOnEach } from './sinkEach';
import { IN_ANY, OUT_ANY, SINK } from './style';

const configSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'url must be an http:// or https:// address' })
    .max(2000, { error: 'url is longer than 2000 characters' })
    .meta({ title: 'URL', description: 'Where each message is POSTed as JSON.' }),
});
type Config = z.infer<typeof configSchema>;

export const webhook = defineNode<Config>({
  type: 'webhook',
  name: 'Webhook',
  ...SINK,
  description: 'POSTs each message as JSON to a web address (another system, a chat, an automation tool).',
  logo: 'Webhook',
  inputs: IN_ANY,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: { url: 'https://example.com/hook' },
  run: (ctx, config, inputs) =>
    actOnEach(
      ctx,
      inputs,
      () => `POST the message to ${config.url}`,
      async (message) => {
        const status = await ctx.services.sinks.postWebhook(ctx.orgId, config.url, message);
        if (status >= 400) throw new Error(`${config.url} answered ${status}`);
        return `POSTed the message to ${config.url} (${status})`;
      },
    ),
});
