import type { HierarchyNode } from '@ferrite/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { TreePane } from './TreePane';

beforeAll(installDomShims);
afterEach(cleanup);

/** 50 sites of 199 sensors each: 10,000 nodes. */
function bigTree(): HierarchyNode[] {
  const nodes: HierarchyNode[] = [];
  const node = (
    id: string,
    depth: number,
    parent: string | null,
    kind: 'asset' | 'sensor',
    children = 0,
  ) => ({
    id,
    kind,
    name: id,
    parent_id: parent,
    type_name: kind,
    depth,
    child_count: children,
    latitude: null,
    longitude: null,
  });
  for (let s = 0; s < 50; s++) {
    nodes.push(node(`Site ${s}`, 0, null, 'asset', 199));
    for (let t = 0; t < 199; t++) nodes.push(node(`Sensor ${s}-${t}`, 1, `Site ${s}`, 'sensor'));
  }
  return nodes;
}

function Harness({ nodes }: { nodes: HierarchyNode[] }) {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <output data-testid="selected">{selected}</output>
      <TreePane nodes={nodes} selectedId={selected} onSelect={setSelected} empty={<p>empty</p>} />
    </>
  );
}

describe('the virtual tree', () => {
  it('renders only a window of rows out of 10,000', () => {
    renderWithProviders(<Harness nodes={bigTree()} />);
    const tree = screen.getByRole('tree');
    // Top-level sites start expanded: every node is a row, yet only a screenful is in the DOM.
    expect(tree).toHaveAttribute('data-total-rows', '10000');
    expect(screen.getAllByRole('treeitem').length).toBeLessThan(40);
    expect(screen.getByTestId('tree-count')).toHaveTextContent('10,000 entities');
  });

  it('moves, collapses and expands with the arrow keys', () => {
    renderWithProviders(<Harness nodes={bigTree()} />);
    const tree = screen.getByRole('tree');
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(screen.getByTestId('selected')).toHaveTextContent('Site 0');
    fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(screen.getByTestId('selected')).toHaveTextContent('Sensor 0-0');
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(screen.getByTestId('selected')).toHaveTextContent('Site 0');
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(tree).toHaveAttribute('data-total-rows', String(10_000 - 199));
    expect(screen.getByRole('treeitem', { name: /Site 0/ })).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(tree).toHaveAttribute('data-total-rows', '10000');
  });

  it('collapses and expands everything from the toolbar', () => {
    renderWithProviders(<Harness nodes={bigTree()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.getByRole('tree')).toHaveAttribute('data-total-rows', '50');
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getByRole('tree')).toHaveAttribute('data-total-rows', '10000');
  });

  it('shows the empty slot for a project without entities', () => {
    renderWithProviders(<Harness nodes={[]} />);
    expect(screen.getByText('empty')).toBeInTheDocument();
  });
});
