/** Which widget kinds read telemetry: the cards (WidgetCard.tsx), the editor and reads ahead share it. */
import { isCommandWidgetKind, type WidgetKind } from '@ferrite/contracts';

/** Kinds that draw without reading data. */
const NO_DATA_KINDS = new Set<WidgetKind>(['text', 'image']);

/** Whether a kind reads telemetry. */
export function readsData(kind: WidgetKind): boolean {
  return !NO_DATA_KINDS.has(kind) && !isCommandWidgetKind(kind);
}
