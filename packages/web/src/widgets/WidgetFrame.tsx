/**
 * The shell every widget draws in: the title (its text settings), then the body, or instead of it a
 * loader, the spec §8 error message, or "No data".
 */
import { MESSAGES } from '@ferrite/contracts';
import { Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { themedTextStyle } from './theme';
import type { WidgetRendererProps } from './types';
import classes from './widgets.module.css';

/** Height of the title bar when the widget shows its title. */
export const TITLE_HEIGHT = 28;

/** The body size of a widget: its size less the title bar. */
export function bodySize(props: Pick<WidgetRendererProps, 'config' | 'width' | 'height'>): {
  width: number;
  height: number;
} {
  const title = props.config.show_title && props.config.title ? TITLE_HEIGHT : 0;
  return { width: Math.max(0, props.width), height: Math.max(0, props.height - title) };
}

interface WidgetFrameProps {
  props: WidgetRendererProps;
  /** The kind's body; not drawn while loading (without data) or on error. */
  children: ReactNode;
  /** Kinds without data (text, image, controls) never show "loading" or the data error. */
  needsData?: boolean;
}

/** Title plus body, loading and error states. */
export function WidgetFrame({ props, children, needsData = true }: WidgetFrameProps) {
  const { config, width, height, variant } = props;
  const showTitle = config.show_title && config.title;
  let body: ReactNode = children;
  // For tests and bench:dashboard: 'ready' once the body draws data (charts also mark their drawing).
  let state: 'ready' | 'empty' | 'loading' | 'error' | 'static' = !needsData
    ? 'static'
    : props.data
      ? 'ready'
      : 'empty';
  if (needsData && props.error) {
    state = 'error';
    body = (
      <div className={classes.centered} role="alert">
        <span className={classes.error}>{MESSAGES.widgetLoadError}</span>
      </div>
    );
  } else if (needsData && props.loading && !props.data) {
    state = 'loading';
    body = (
      <div className={classes.centered} aria-busy="true">
        <Loader size="sm" aria-label="Loading widget data" />
      </div>
    );
  }
  return (
    <div
      className={classes.frame}
      style={{ width, height }}
      data-widget-kind={variant.kind}
      data-widget-variant={variant.id}
      data-theme={props.theme}
      data-widget-state={state}
    >
      {showTitle ? (
        <div
          className={classes.title}
          style={themedTextStyle(config.title_settings, props.theme)}
          title={config.title}
        >
          {config.title}
        </div>
      ) : null}
      <div className={classes.body}>{body}</div>
    </div>
  );
}
