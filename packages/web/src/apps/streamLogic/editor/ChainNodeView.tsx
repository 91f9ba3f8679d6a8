/**
 * One node on the canvas (spec §3 logic-chain node): a header in its node_color with the kind's logo on
 * the left or the other side (logo_position), input sockets on the left and outputs on the right with
 * their labels, and, once messages flowed, its in / out / error counts.
 */
import { Group, Text, Tooltip } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import classes from './Editor.module.css';
import type { ChainFlowNode } from './flow';
import { nodeIcon } from './nodeIcons';

/** The canvas node of a chain node. */
function ChainNodeViewInner({ data, selected }: NodeProps<ChainFlowNode>) {
  const { node, kind, outputs, counts, problem, debug } = data;
  const Icon = nodeIcon(kind?.logo);
  const color = node.node_color ?? kind?.node_color ?? '#495057';
  const logoRight = (node.logo_position ?? kind?.logo_position ?? 'left') !== 'left';
  const inputs = kind?.inputs ?? [];
  const rows = Math.max(inputs.length, outputs.length);
  return (
    <div
      className={classes.node}
      data-selected={selected || undefined}
      data-problem={problem || undefined}
      data-node-id={node.id}
    >
      <div
        className={classes.nodeHeader}
        style={{ background: color }}
        data-logo={logoRight ? 'right' : 'left'}
      >
        <Icon size={18} stroke={1.8} className={classes.nodeLogo} aria-hidden />
        <div className={classes.nodeTitle}>
          <div className={classes.nodeName}>{node.name}</div>
          <div className={classes.nodeKind}>{kind?.name ?? `Unknown kind ${node.type}`}</div>
        </div>
      </div>
      <div className={classes.nodeBody}>
        {Array.from({ length: rows }, (_, i) => {
          const input = inputs[i];
          const output = outputs[i];
          return (
            <div className={classes.socketRow} key={`${input?.key ?? ''}|${output?.key ?? ''}`}>
              {input ? (
                <span className={classes.socketIn}>
                  <Handle
                    type="target"
                    position={Position.Left}
                    id={input.key}
                    className={classes.handle}
                    data-socket={input.socket.type}
                  />
                  {input.label}
                  {input.required && <span className={classes.required}>*</span>}
                </span>
              ) : (
                <span />
              )}
              {output ? (
                <span className={classes.socketOut}>
                  {output.label}
                  <Handle
                    type="source"
                    position={Position.Right}
                    id={output.key}
                    className={classes.handle}
                    data-socket={output.socket.type}
                  />
                </span>
              ) : (
                <span />
              )}
            </div>
          );
        })}
      </div>
      {(counts || debug) && (
        <Group gap={8} className={classes.nodeCounts} data-testid={`counts-${node.id}`}>
          {debug && (
            <Tooltip label="Debug: every message is traced">
              <IconBug size={12} className={classes.nodeDebug} aria-label="Debug on" />
            </Tooltip>
          )}
          {counts && (
            <>
              <Text span size="xs">
                in <b>{counts.in}</b>
              </Text>
              <Text span size="xs">
                out <b>{counts.out}</b>
              </Text>
              <Text span size="xs" c={counts.errors ? 'red' : 'dimmed'}>
                errors <b>{counts.errors}</b>
              </Text>
            </>
          )}
        </Group>
      )}
    </div>
  );
}

/** Memoised: the canvas redraws nodes only when their data changes. */
export const ChainNodeView = memo(ChainNodeViewInner);
