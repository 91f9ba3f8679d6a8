/** Text fields of a widget config: stored as jsonb and parsed again on every read. */
import { textSchema } from '../text';

/**
 * Text of a widget config named `field` in its errors. Tabs and line breaks stay allowed (configs
 * stored before the text rules must still parse on read); NUL and other control characters do not.
 * Not trimmed here: chain `.trim()` where the field always was.
 */
export function configText(field: string, max: number) {
  return textSchema(field, { max, multiline: true, trim: false });
}
