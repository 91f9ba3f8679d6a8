/**
 * The editor's keys: Ctrl+Z undo, Ctrl+Shift+Z (or Ctrl+Y) redo, Ctrl+C / Ctrl+V copy and paste the
 * selected nodes, Delete / Backspace remove the selection. Keys typed into a field are the field's.
 */
import type { KeyboardEvent } from 'react';
import type { ChainEditorState } from './useChainEditor';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The root's keydown handler. */
export function useEditorKeys(editor: ChainEditorState, readOnly: boolean) {
  return (event: KeyboardEvent) => {
    if (typing(event.target) || readOnly) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    let handled = true;
    if (mod && key === 'z' && !event.shiftKey) editor.undo();
    else if (mod && ((key === 'z' && event.shiftKey) || key === 'y')) editor.redo();
    else if (mod && key === 'c') editor.copy();
    else if (mod && key === 'v') editor.paste();
    else if (!mod && (event.key === 'Delete' || event.key === 'Backspace')) editor.removeSelected();
    else handled = false;
    if (handled) event.preventDefault();
  };
}
