/**
 * Where a dial gauge puts its dial, value and caption in the space it has. The value and the caption
 * sit in the opening under the dial's centre that the needle never sweeps (the bottom quarter of the
 * default 270° dial, the lower half of a semicircle), or under the dial when it has no such opening
 * (a full circle), and the dial gets whatever room the text leaves. Sizes are measured from the
 * widget's size and the widest text the value can take, so the dial does not jump as values change and
 * no text ever covers the arc, its labels, the needle or another text.
 */

/** What the layout needs to know. */
export interface GaugeLayoutInput {
  width: number;
  height: number;
  /** ECharts angles: degrees counter-clockwise from 3 o'clock, the dial running clockwise from start to end. */
  startAngle: number;
  endAngle: number;
  /** The widest text the value takes (the range's ends formatted), and the caption ('' for none). */
  valueText: string;
  caption: string;
  /** The widest scale label, when the dial would show them. */
  labelText: string;
}

/** A text row: centred on the dial's centre line, its top `top` px below the dial's centre. */
export interface GaugeTextRow {
  top: number;
  fontSize: number;
  /** Line height, px. */
  height: number;
  /** Room it may take; a longer caption is cut with an ellipsis. */
  maxWidth: number;
}

export interface GaugeLayout {
  /** The dial's centre and outer radius, px; radius 0 when there is no room for a dial at all. */
  cx: number;
  cy: number;
  radius: number;
  /** Width of the coloured arc (drawn inward from the radius). */
  arcWidth: number;
  showLabels: boolean;
  /** Scale labels' distance from the dial's rim (they stand inside the arc). */
  labelDistance: number;
  value: GaugeTextRow;
  caption: GaugeTextRow | null;
}

import { estimateTextWidth } from '../textWidth';

const MARGIN = 6;
const GAP = 4;
const CAPTION_FONT = 11;
const LABEL_FONT = 10;
/** Below this radius the dial is not worth drawing: the value alone is shown. */
const MIN_RADIUS = 18;
const MAX_VALUE_FONT = 30;
const MIN_VALUE_FONT = 11;
/** The value's font grows with the dial: at most this share of its radius. */
const FONT_PER_RADIUS = 0.24;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Is `angle` (degrees) on the arc that runs clockwise from start to end? */
function onArc(angle: number, start: number, end: number): boolean {
  const sweep = start - end;
  if (sweep >= 360) return true;
  const turned = (((start - angle) % 360) + 360) % 360;
  return turned <= sweep;
}

/**
 * The opening under the centre: the angle between straight down and the nearer end of the arc, when
 * straight down is not on the arc (45° for the default dial, 90° for a semicircle), else null.
 */
function openingBelow(start: number, end: number): number | null {
  if (start <= end || start - end >= 359 || onArc(270, start, end)) return null;
  const towardStart = (((start - 270) % 360) + 360) % 360; // degrees from the start back down to 270
  const towardEnd = (((270 - end) % 360) + 360) % 360;
  const opening = Math.min(360 - towardStart, 360 - towardEnd);
  return Math.min(opening, 90);
}

/** How far the arc reaches above and below the centre, as shares of the radius. */
function verticalReach(start: number, end: number): { up: number; down: number } {
  const ends = [start, end].map((a) => Math.sin(rad(a)));
  const up = onArc(90, start, end) ? 1 : Math.max(0, ...ends);
  const down = onArc(270, start, end) ? 1 : Math.max(0, ...ends.map((s) => -s));
  return { up, down };
}

/** The layout for a dial of this size and these texts. */
export function gaugeLayout(input: GaugeLayoutInput): GaugeLayout {
  const width = Math.max(0, input.width - 2 * MARGIN);
  const height = Math.max(0, input.height - 2 * MARGIN);
  const opening = openingBelow(input.startAngle, input.endAngle);
  const reach = verticalReach(input.startAngle, input.endAngle);
  // The caption goes first when height is short: the dial and its value matter more.
  const captions = input.caption ? [true, false] : [false];
  for (const withCaption of captions) {
    for (let font = MAX_VALUE_FONT; font >= MIN_VALUE_FONT; font--) {
      const fitted = fit(input, width, height, font, withCaption, opening, reach);
      if (fitted && font <= Math.max(MIN_VALUE_FONT, fitted.radius * FONT_PER_RADIUS)) return fitted;
    }
  }
  return valueOnly(input, width, height);
}

/** The largest dial that leaves room for the texts at this font size, or null when none fits. */
function fit(
  input: GaugeLayoutInput,
  width: number,
  height: number,
  font: number,
  withCaption: boolean,
  opening: number | null,
  reach: { up: number; down: number },
): GaugeLayout | null {
  const valueWidth = estimateTextWidth(input.valueText, font, true);
  if (valueWidth > width) return null;
  const valueHeight = Math.ceil(font * 1.2);
  const captionHeight = withCaption ? Math.ceil(CAPTION_FONT * 1.3) : 0;
  const textHeight = valueHeight + (withCaption ? GAP + captionHeight : 0);
  const labelWidth = estimateTextWidth(input.labelText, LABEL_FONT);

  // First guess without labels, then with them if the dial is big enough to carry them.
  for (const labels of [true, false]) {
    // The scale's first and last labels stand on the arc's ends and reach into the opening: ECharts
    // anchors them there by their inner edge, so a label's whole width (and half its height) counts.
    const pad = GAP + (labels ? labelReach(labelWidth, opening) : 0);
    // Under the dial: below the arc's lowest point (the whole circle when it has no opening), and
    // below the hub, the needle lying flat and the end labels when the arc ends level with its centre.
    const hub = Math.max(pad, anchorRadius(width, height) + GAP);
    let radius = Math.min(
      width / 2,
      (height - GAP - textHeight) / (reach.up + reach.down),
      (height - hub - textHeight) / reach.up,
    );
    let top = Math.max(radius * reach.down + GAP, hub, needleHalfWidth(radius) + GAP);
    if (radius * reach.up + top + textHeight > height) {
      radius = (height - top - textHeight) / reach.up;
    }
    if (opening !== null) {
      // In the opening: a text row's upper corners keep `pad` from both rays bounding it. A wide value
      // pushes the row deep, so the opening wins only when it leaves the larger dial.
      const a = rad(opening);
      const clearance = Math.sin(a) > 0.01 ? (pad + (valueWidth / 2) * Math.cos(a)) / Math.sin(a) : Infinity;
      const inside = Math.max(clearance, anchorRadius(width, height) + GAP);
      const r = Math.min(
        width / 2,
        height / (reach.up + reach.down),
        (height - inside - textHeight) / reach.up,
      );
      if (r > radius) [radius, top] = [r, inside];
    }
    if (!(radius >= MIN_RADIUS)) {
      if (labels) continue;
      return null;
    }
    const arcWidth = Math.max(5, Math.min(18, radius * 0.12));
    const showLabels = labels && radius >= 56;
    if (labels && !showLabels) continue;
    // Centre the drawing vertically in the space it has.
    const contentTop = radius * reach.up;
    const contentBottom = Math.max(radius * reach.down, top + textHeight);
    const cy = MARGIN + (height - contentTop - contentBottom) / 2 + contentTop;
    const captionTop = top + valueHeight + GAP;
    return {
      cx: MARGIN + width / 2,
      cy,
      radius,
      arcWidth,
      showLabels,
      labelDistance: arcWidth + 4,
      value: { top, fontSize: font, height: valueHeight, maxWidth: width },
      caption: withCaption
        ? {
            top: captionTop,
            fontSize: CAPTION_FONT,
            height: captionHeight,
            maxWidth: captionRoom(width, captionTop, radius * reach.down, opening, pad),
          }
        : null,
    };
  }
  return null;
}

/** How far a scale label anchored on the arc's end reaches across the opening's edge. */
function labelReach(labelWidth: number, opening: number | null): number {
  const a = rad(opening ?? 90);
  return labelWidth * Math.cos(a) + LABEL_FONT * 0.7 * Math.sin(a) + 2;
}

/** The caption's room: the opening's width at its depth, or the full width once under the arc. */
function captionRoom(
  width: number,
  top: number,
  arcBottom: number,
  opening: number | null,
  pad: number,
): number {
  if (opening === null || top >= arcBottom) return width;
  const a = rad(opening);
  if (Math.cos(a) < 0.01) return width;
  return Math.max(0, Math.min(width, (2 * (top * Math.sin(a) - pad)) / Math.cos(a)));
}

/** Half the needle's width, as gaugeOption sizes it. */
export function needleHalfWidth(radius: number): number {
  return Math.max(3, radius * 0.05) / 2;
}

/** The needle's hub, as gaugeOption sizes it. */
export function anchorRadius(width: number, height: number): number {
  return Math.max(6, Math.min(width, height) * 0.05) / 2;
}

/** No room for a dial: the value alone, centred, as large as fits. */
function valueOnly(input: GaugeLayoutInput, width: number, height: number): GaugeLayout {
  let font = MAX_VALUE_FONT;
  while (font > 8 && (estimateTextWidth(input.valueText, font, true) > width || font * 1.2 > height)) font--;
  const valueHeight = Math.ceil(font * 1.2);
  return {
    cx: MARGIN + width / 2,
    cy: MARGIN + (height - valueHeight) / 2,
    radius: 0,
    arcWidth: 0,
    showLabels: false,
    labelDistance: 0,
    value: { top: 0, fontSize: font, height: valueHeight, maxWidth: width },
    caption: null,
  };
}
