/**
 * Text widths without a layout: option builders size drawings before anything is on screen (and
 * exports render where no fonts are known), so they estimate from the characters.
 */

/**
 * A text's width in px, erring wide: the renderer's fonts are not known here (and exports have none),
 * so each character counts as wide as it can be in common sans-serif faces.
 */
export function estimateTextWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    if (/[0-9]/.test(ch)) units += 0.6;
    else if (/[.,:;'·|!il]/.test(ch)) units += 0.32;
    else if (ch === ' ') units += 0.3;
    else if (/[mwMW%@]/.test(ch)) units += 0.95;
    else if (/[A-Z]/.test(ch)) units += 0.72;
    else units += 0.62;
  }
  return units * fontSize * (bold ? 1.08 : 1);
}
