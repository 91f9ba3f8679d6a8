/** HTML renderers of the table, text (sanitized: a parsed tree, never raw HTML) and image kinds. */
import { Table } from '@mantine/core';
import { Fragment, type ReactNode, useMemo } from 'react';
import { tableRows } from '../charts/snapshots';
import { formatValue } from '../data/format';
import { type Inline, parseMarkdown } from '../data/markdown';
import { latestValue } from '../data/prepare';
import { themedTextStyle } from '../theme';
import type { WidgetRendererProps } from '../types';
import { useChartContext } from '../useChartContext';
import { WidgetFrame } from '../WidgetFrame';
import classes from '../widgets.module.css';

/** Latest values, a summary or the history of the series as a table. */
export function TableWidget(props: WidgetRendererProps) {
  const ctx = useChartContext(props);
  const rows = useMemo(() => tableRows(ctx), [ctx]);
  const [head = [], ...body] = rows;
  return (
    <WidgetFrame props={props}>
      <div className={classes.tableWrap}>
        <Table striped highlightOnHover stickyHeader fz="xs" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              {head.map((cell) => (
                <Table.Th key={cell}>{cell}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {body.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={head.length}>No data</Table.Td>
              </Table.Tr>
            ) : (
              body.map((row) => (
                <Table.Tr key={row.join('|')}>
                  {row.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of one row are positional.
                    <Table.Td key={i}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </div>
    </WidgetFrame>
  );
}

function renderInlines(inlines: readonly Inline[]): ReactNode {
  return inlines.map((run, i) => {
    const key = `${i}-${run.type}`;
    if (run.type === 'bold') return <strong key={key}>{run.text}</strong>;
    if (run.type === 'italic') return <em key={key}>{run.text}</em>;
    if (run.type === 'link')
      return (
        <a key={key} href={run.href} target="_blank" rel="noopener noreferrer">
          {run.text}
        </a>
      );
    return <Fragment key={key}>{run.text}</Fragment>;
  });
}

/** Text with the small markdown subset, {value} replaced by the latest value, in the text settings. */
export function TextWidget(props: WidgetRendererProps) {
  const ctx = useChartContext(props);
  const value = formatValue(latestValue(ctx.series[0]), ctx.config.decimals, ctx.config.unit);
  const blocks = useMemo(
    () => parseMarkdown(ctx.config.text_content, value),
    [ctx.config.text_content, value],
  );
  return (
    <WidgetFrame props={props} needsData={ctx.config.text_content.includes('{value}')}>
      <div
        className={classes.text}
        style={themedTextStyle(ctx.config.text_settings, ctx.theme)}
        data-testid="widget-text"
      >
        {blocks.map((block, i) => {
          const key = `${i}-${block.type}`;
          if (block.type === 'heading')
            return block.level === 1 ? (
              <h3 key={key}>{renderInlines(block.inlines)}</h3>
            ) : (
              <h4 key={key}>{renderInlines(block.inlines)}</h4>
            );
          if (block.type === 'list')
            return (
              <ul key={key}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional.
                  <li key={j}>{renderInlines(item)}</li>
                ))}
              </ul>
            );
          return <p key={key}>{renderInlines(block.inlines)}</p>;
        })}
      </div>
    </WidgetFrame>
  );
}

/** An uploaded image (URL checked by the config schema), contained, covering or stretched. */
export function ImageWidget(props: WidgetRendererProps) {
  const { config } = props;
  return (
    <WidgetFrame props={props} needsData={false}>
      {config.image_url ? (
        <img
          src={config.image_url}
          alt={config.image_alt || config.title || 'Widget image'}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: config.image_fit,
          }}
        />
      ) : (
        <div className={classes.centered}>
          <span className={classes.muted}>No image chosen</span>
        </div>
      )}
    </WidgetFrame>
  );
}
