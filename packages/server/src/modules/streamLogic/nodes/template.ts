/** The `{{value}}`, `{{key}}`, `{{sensor}}` and `{{ts}}` placeholders of alert, command and notification texts. */
import type { ChainMessage } from '@ferrite/contracts';

/** The text with the message's placeholders filled (`sensor`: the sensor's name when known, else its id). */
export function fillTemplate(template: string, message: ChainMessage, sensorName?: string): string {
  return template.replace(/\{\{\s*(value|key|sensor|ts)\s*\}\}/g, (_whole, name: string) => {
    if (name === 'value')
      return message.value === null ? JSON.stringify(message.payload ?? null) : String(message.value);
    if (name === 'key') return message.key;
    if (name === 'sensor') return sensorName ?? message.sensor_id ?? '';
    return new Date(message.ts).toISOString();
  });
}

/** The placeholders' description for config forms. */
export const PLACEHOLDERS = 'Placeholders: {{value}}, {{key}}, {{sensor}} (its name), {{ts}}.';
