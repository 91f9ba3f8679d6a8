/** Draws any widget: picks its kind's renderer from the registry. */
import { widgetDefinition } from './registry';
import type { WidgetRendererProps } from './types';

/** The renderer of `props.variant.kind` with these props. */
export function WidgetRenderer(props: WidgetRendererProps) {
  const { Renderer } = widgetDefinition(props.variant.kind);
  return <Renderer {...props} />;
}
