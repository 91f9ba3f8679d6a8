/** The send-command form: name, a JSON value typed as text, and a timeout, checked with commandBodySchema. */
import { type CommandBody, commandBodySchema, DEFAULT_COMMAND_TIMEOUT_S } from '@ferrite/contracts';

export interface CommandForm {
  name: string;
  /** The value as typed: any JSON (a number, a string in quotes, an object…). */
  value: string;
  timeout_s: number | string;
}

export const EMPTY_COMMAND: CommandForm = { name: '', value: '', timeout_s: DEFAULT_COMMAND_TIMEOUT_S };

/** Common commands to start from. */
export const COMMAND_TEMPLATES: { label: string; name: string; value: string }[] = [
  { label: 'Reboot', name: 'reboot', value: 'true' },
  { label: 'Report interval', name: 'set_interval', value: '{\n  "seconds": 30\n}' },
  { label: 'Relay on', name: 'relay', value: '{\n  "channel": 1,\n  "on": true\n}' },
  { label: 'Set point', name: 'set_point', value: '21.5' },
];

export type CommandCheck =
  | { body: CommandBody; errors?: undefined }
  | { body?: undefined; errors: Partial<Record<keyof CommandForm, string>> };

/** The body to send, or the messages of what is wrong. */
export function checkCommand(form: CommandForm): CommandCheck {
  const errors: Partial<Record<keyof CommandForm, string>> = {};
  let value: unknown;
  if (!form.value.trim()) errors.value = 'Please enter a JSON value';
  else {
    try {
      value = JSON.parse(form.value);
    } catch {
      errors.value = 'Not valid JSON: use quotes around text ("on"), and double quotes in objects';
    }
  }
  const result = commandBodySchema.safeParse({
    name: form.name,
    value: errors.value ? null : value,
    timeout_s: form.timeout_s === '' ? undefined : Number(form.timeout_s),
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof CommandForm;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !result.success) return { errors };
  return { body: { name: result.data.name, value: result.data.value, timeout_s: result.data.timeout_s } };
}
