/**
 * The panel a canvas should draw, with its widgets' reads started ahead (widgetReadAhead.ts): the first
 * time a panel is shown its reads go out in this commit's effects, after the sensor rooms rendered
 * beside the canvas have joined (children's effects run first, so no live value falls between a read
 * and the values that follow it), and the canvas renders deferred, so the server answers while the
 * cards render. Later versions of the same panel (a refresh, an edit) are read by the cards as before.
 */
import type { PanelDetail } from '@ferrite/contracts';
import { useDeferredValue, useEffect, useRef } from 'react';
import type { ReadAhead } from './widgetReadAhead';

export function usePanelReadAhead<P extends PanelDetail | null | undefined>(
  panel: P,
  readAhead: ReadAhead['readAhead'],
): P {
  const readFor = useRef<string | null>(null);
  useEffect(() => {
    if (!panel || readFor.current === panel.id) return;
    readFor.current = panel.id;
    readAhead(panel.widget_instances);
  }, [panel, readAhead]);
  return useDeferredValue(panel);
}
