/** Text settings of widget titles and threshold labels (spec §3, defaults §9). */
import { z } from 'zod';
import { DEFAULT_FONT_SIZE, DEFAULT_TEXT_COLOR, FONT_SIZES } from '../constants';
import { colorSchema } from './color';

/** Alignments; the spec writes "centre", stored as the CSS word "center" ("centre" is accepted on input). */
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export type TextAlign = (typeof TEXT_ALIGNS)[number];
/** Labels of the alignments as the interface shows them. */
export const TEXT_ALIGN_LABELS: Record<TextAlign, string> = {
  left: 'Left',
  center: 'Centre',
  right: 'Right',
};

/** Font sizes as stored: '10px' … '24px'. */
export const TEXT_FONT_SIZES = FONT_SIZES.map((size) => `${size}px` as const);
export type TextFontSize = (typeof TEXT_FONT_SIZES)[number];
/** '14px'. */
export const DEFAULT_TEXT_FONT_SIZE = `${DEFAULT_FONT_SIZE}px` as const;

export const textSettingsSchema = z.object({
  align: z.preprocess((v) => (v === 'centre' ? 'center' : v), z.enum(TEXT_ALIGNS)).default('left'),
  isBold: z.boolean().default(false),
  isItalic: z.boolean().default(false),
  isUnderline: z.boolean().default(false),
  fontColor: colorSchema.default(DEFAULT_TEXT_COLOR),
  // A bare number (14) is read as pixels.
  fontSize: z
    .preprocess(
      (v) => (typeof v === 'number' ? `${v}px` : v),
      z.enum(TEXT_FONT_SIZES as unknown as [TextFontSize, ...TextFontSize[]], {
        error: 'Font size must be one of 10, 12, 14, 16, 18, 20, 24 px',
      }),
    )
    .default(DEFAULT_TEXT_FONT_SIZE),
});
export type TextSettings = z.infer<typeof textSettingsSchema>;

/** Left, no decoration, #495057, 14px. */
export const DEFAULT_TEXT_SETTINGS: TextSettings = {
  align: 'left',
  isBold: false,
  isItalic: false,
  isUnderline: false,
  fontColor: DEFAULT_TEXT_COLOR,
  fontSize: DEFAULT_TEXT_FONT_SIZE,
};

/** The CSS of a text settings value (shared by widgets, exports and reports). */
export function textSettingsStyle(settings: TextSettings): {
  textAlign: TextAlign;
  fontWeight: number;
  fontStyle: 'italic' | 'normal';
  textDecoration: 'underline' | 'none';
  color: string;
  fontSize: string;
} {
  return {
    textAlign: settings.align,
    fontWeight: settings.isBold ? 700 : 400,
    fontStyle: settings.isItalic ? 'italic' : 'normal',
    textDecoration: settings.isUnderline ? 'underline' : 'none',
    color: settings.fontColor,
    fontSize: settings.fontSize,
  };
}
