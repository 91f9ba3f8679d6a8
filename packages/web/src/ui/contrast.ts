/**
 * WCAG 2.1 contrast between two colours (hex, rgb() or rgba() over an opaque background), and the
 * darkening or lightening that brings a colour to a wanted ratio. The theme uses it to keep
 * coloured text readable; the dashboard-theme tests use it to hold every palette to the bar.
 */
import { luminance, toRgba } from '@mantine/core';

/** Text must reach 4.5:1 (AA, normal size); lines, bars and large text 3:1. */
export const TEXT_CONTRAST = 4.5;
/** Graphical objects (chart lines, bars, markers) and large text. */
export const GRAPHIC_CONTRAST = 3;

/** A colour laid over an opaque background (alpha blended), as the screen shows it. */
export function flatten(color: string, background: string): string {
  const top = toRgba(color);
  if (top.a >= 1) return color;
  const bottom = toRgba(background);
  const mix = (a: number, b: number) => Math.round(a * top.a + b * (1 - top.a));
  return `rgb(${mix(top.r, bottom.r)}, ${mix(top.g, bottom.g)}, ${mix(top.b, bottom.b)})`;
}

/** The contrast ratio of a colour against an opaque background, from 1 to 21. */
export function contrastRatio(color: string, background: string): number {
  const a = luminance(flatten(color, background));
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The colour moved towards black (on a light background) or white (on a dark one) in small
 * steps until it reaches `min` against the background; unchanged when it already does.
 */
export function readableOn(color: string, background: string, min: number = TEXT_CONTRAST): string {
  if (contrastRatio(color, background) >= min) return color;
  const { r, g, b } = toRgba(color);
  const target = luminance(background) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 20; step += 1) {
    const t = step / 20;
    const mix = (c: number) => Math.round(c + (target - c) * t);
    const candidate = `#${[mix(r), mix(g), mix(b)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(candidate, background) >= min) return candidate;
  }
  return target === 0 ? '#000000' : '#ffffff';
}
