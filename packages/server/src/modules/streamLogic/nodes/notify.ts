/** Sink: sends an e-mail or a text message for each message, its subject and text from templates. */
import { z } from 'zod';
import { defineNode } from './defineNode';
import { actOnEach } from './sinkEach';
import { IN_ANY, OUT_ANY, SINK } from './style';
import { fillTemplate, PLACEHOLDERS } from './template';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

const configSchema = z
  .object({
    medium: z
      .enum(['email', 'sms'], { error: "medium must be 'email' or 'sms'" })
      .meta({ title: 'Send by', description: 'E-mail or text message (SMS).' }),
    to: z
      .array(z.string({ error: 'to: each recipient must be text' }).trim(), {
        error: 'to must be a list of recipients',
      })
      .min(1, { error: 'to: add at least one recipient' })
      .max(20, { error: 'to: at most 20 recipients' })
      .meta({ title: 'To', description: 'E-mail addresses, or phone numbers in international form (+44…).' }),
    subject: z
      .string({ error: 'subject must be text' })
      .max(200, { error: 'subject is longer than 200 characters' })
      .meta({ title: 'Subject', description: `The e-mail's subject. ${PLACEHOLDERS}` }),
    message: z
      .string({ error: 'message must be text' })
      .min(1, { error: 'message is empty' })
      .max(2000, { error: 'message is longer than 2000 characters' })
      .meta({ title: 'Message', description: `The text. ${PLACEHOLDERS}`, widget: 'textarea' }),
  })
  .superRefine((config, ctx) => {
    const valid = config.medium === 'email' ? EMAIL : PHONE;
    config.to.forEach((recipient, index) => {
      if (!valid.test(recipient)) {
        ctx.addIssue({
          code: 'custom',
          path: ['to', index],
          message: `to: ${JSON.stringify(recipient)} is not ${config.medium === 'email' ? 'an e-mail address' : 'a phone number'}`,
        });
      }
    });
  });
type Config = z.infer<typeof configSchema>;

export const notify = defineNode<Config>({
  type: 'notify',
  name: 'E-mail / SMS',
  ...SINK,
  description: 'Sends an e-mail or a text message for each message that reaches it.',
  logo: 'Mail',
  inputs: IN_ANY,
  outputs: OUT_ANY,
  configSchema,
  defaultConfig: {
    medium: 'email',
    to: ['operator@example.com'],
    subject: '{{sensor}}: {{key}} {{value}}',
    message: '{{sensor}} reported {{key}} = {{value}} at {{ts}}.',
  },
  async run(ctx, config, inputs) {
    const ids = [...new Set(inputs.flatMap(({ message }) => (message.sensor_id ? [message.sensor_id] : [])))];
    const sensors = ids.length > 0 ? await ctx.services.sensors.get(ctx.orgId, ids) : new Map();
    const name = (sensorId: string | null) => (sensorId ? sensors.get(sensorId)?.name : undefined);
    const to = config.to.join(', ');
    return actOnEach(
      ctx,
      inputs,
      (message) =>
        `send ${config.medium === 'email' ? 'an e-mail' : 'an SMS'} to ${to}: ${fillTemplate(config.message, message, name(message.sensor_id))}`,
      async (message) => {
        const sensorName = name(message.sensor_id);
        const text = fillTemplate(config.message, message, sensorName);
        await ctx.services.sinks.sendMessage(
          ctx.orgId,
          config.medium,
          config.to,
          fillTemplate(config.subject, message, sensorName),
          text,
        );
        return `sent ${config.medium === 'email' ? 'an e-mail' : 'an SMS'} to ${to}`;
      },
    );
  },
});
