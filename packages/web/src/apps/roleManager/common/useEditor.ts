/** Open/close state of an editor drawer or modal, remembering the item through the closing animation. */
import { useCallback, useState } from 'react';

export interface EditorState<T> {
  opened: boolean;
  /** The item being edited; null when creating. */
  item: T | null;
  /** Changes on every open, so a keyed form starts from the item's values each time. */
  key: number;
  open: (item?: T | null) => void;
  close: () => void;
}

/** State for one editor; `open()` with no item means "create". */
export function useEditor<T>(): EditorState<T> {
  const [state, setState] = useState<{ opened: boolean; item: T | null; key: number }>({
    opened: false,
    item: null,
    key: 0,
  });
  const open = useCallback(
    (item: T | null = null) => setState((s) => ({ opened: true, item, key: s.key + 1 })),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}
