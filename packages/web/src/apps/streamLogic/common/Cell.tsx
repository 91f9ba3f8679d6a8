/**
 * A table cell's content that keeps its width: beside a filling column (ListPage `fill`) the table
 * squeezes the others to their narrowest, which cut badges to "RU…" and broke dates over three lines.
 */
import type { ReactNode } from 'react';

/** Content at least `width` pixels wide, on one line. */
export function Cell({ width, children }: { width: number; children: ReactNode }) {
  return <div style={{ minWidth: width, whiteSpace: 'nowrap' }}>{children}</div>;
}
