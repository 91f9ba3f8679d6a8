/**
 * One project's entities: the hierarchy tree (or the kind's paged list) beside the selected entity's
 * detail, with create/edit drawers, delete, drag-to-move, import and export.
 */
import type { BreadcrumbTrailKey, Entity, EntityKind } from '@ferrite/contracts';
import { Button, Center, EmptyState, Group, Loader, SegmentedControl } from '@mantine/core';
import { IconBinaryTree, IconFileImport, IconHierarchy3, IconList, IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { confirmAction } from '../../../ui/confirm';
import { buildTreeIndex } from '../../../ui/hierarchy/treeModel';
import { useMoveEntityMutation } from '../api/entitiesApi';
import { exportUrl, useGetHierarchyQuery } from '../api/hierarchyApi';
import { MANAGE_KIND, runAction, useCan, useOrgId } from '../hooks';
import { useAuthorizedDownload } from '../importExport/download';
import { ImportDialog } from '../importExport/ImportDialog';
import { type EntitySection, entitySelected, selectEntityManager } from '../store';
import { TreePane } from '../tree/TreePane';
import { DeleteEntityModal, type DeleteTarget } from './DeleteEntityModal';
import classes from './Entities.module.css';
import { EntityDetail } from './EntityDetail';
import { EntityFormDrawer } from './EntityFormDrawer';
import { EntityListPane } from './EntityListPane';
import { WorkspaceHeader } from './WorkspaceHeader';

interface Editing {
  kind: EntityKind;
  entity: Entity | null;
  parentId: string | null;
  opened: boolean;
  n: number;
}

export interface ProjectWorkspaceProps {
  section: EntitySection;
  trail: BreadcrumbTrailKey;
  project: { id: string; name: string };
}

/** The workspace of one project in the Assets or Sensors section. */
export function ProjectWorkspace({ section, trail, project }: ProjectWorkspaceProps) {
  const dispatch = useAppDispatch();
  const orgId = useOrgId();
  const can = useCan();
  const kind: EntityKind = section === 'assets' ? 'asset' : 'sensor';
  const canManage = { asset: can(MANAGE_KIND.asset), sensor: can(MANAGE_KIND.sensor) };
  const selectedId = useAppSelector((state) => selectEntityManager(state).selected[section]);
  const hierarchy = useGetHierarchyQuery({ orgId, projectId: project.id }, { skip: !orgId });
  const nodes = hierarchy.data?.nodes;
  const index = useMemo(() => buildTreeIndex(nodes ?? []), [nodes]);
  const [view, setView] = useState<'tree' | 'list'>(section === 'sensors' ? 'list' : 'tree');
  const [editing, setEditing] = useState<Editing>({
    kind,
    entity: null,
    parentId: null,
    opened: false,
    n: 0,
  });
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [importing, setImporting] = useState(0);
  const [move] = useMoveEntityMutation();
  const download = useAuthorizedDownload();

  const select = useCallback(
    (id: string | null) => dispatch(entitySelected({ section, id })),
    [dispatch, section],
  );
  const position = selectedId ? index.position.get(selectedId) : undefined;
  const selectedNode = position === undefined ? undefined : index.nodes[position];

  // A selection that left the tree (deleted with its parent) is dropped. Only one that was there
  // before: a just-created entity is selected before the refetched tree holds it.
  const previous = useRef(index);
  useEffect(() => {
    if (selectedId && previous.current.position.has(selectedId) && !index.position.has(selectedId))
      select(null);
    previous.current = index;
  }, [selectedId, index, select]);

  const counts = useMemo(() => {
    if (!nodes) return null;
    const assets = nodes.reduce((sum, node) => sum + (node.kind === 'asset' ? 1 : 0), 0);
    return { asset: assets, sensor: nodes.length - assets };
  }, [nodes]);
  const assetOptions = useMemo(
    () =>
      (nodes ?? [])
        .filter((n) => n.kind === 'asset')
        .map((n) => ({ value: n.id, label: `${'· '.repeat(n.depth)}${n.name}` })),
    [nodes],
  );
  const childNodes = useMemo(
    () => (selectedNode ? (nodes ?? []).filter((n) => n.parent_id === selectedNode.id) : []),
    [nodes, selectedNode],
  );
  const descendants = position === undefined ? 0 : (index.end[position] as number) - position - 1;

  const openEditor = (patch: Omit<Editing, 'opened' | 'n'>) =>
    setEditing((e) => ({ ...patch, opened: true, n: e.n + 1 }));
  // "New" lands under the selected asset (or beside the selected sensor), where people expect it.
  const newEntity = (newKind: EntityKind) => {
    const parentId = selectedNode
      ? selectedNode.kind === 'asset'
        ? selectedNode.id
        : selectedNode.parent_id
      : null;
    openEditor({ kind: newKind, entity: null, parentId });
  };
  const onMove = useCallback(
    async (sourceId: string, targetId: string) => {
      const source = index.nodes[index.position.get(sourceId) ?? -1];
      const target = index.nodes[index.position.get(targetId) ?? -1];
      if (!source || !target) return;
      const ok = await confirmAction({
        title: 'Move entity',
        message: `Move ${source.kind} “${source.name}”${source.child_count ? ' and everything beneath it' : ''} under “${target.name}”?`,
        confirmLabel: 'Move',
      });
      if (!ok) return;
      const moved = await runAction(
        () =>
          move({
            orgId,
            projectId: project.id,
            kind: source.kind,
            id: source.id,
            parentId: target.id,
          }).unwrap(),
        `Moved “${source.name}” under “${target.name}”`,
      );
      if (moved) select(source.id);
    },
    [index, move, orgId, project.id, select],
  );
  const canMove = canManage.asset && canManage.sensor;
  const emptyTree = (
    <Center p="xl">
      <EmptyState
        size="md"
        variant="light"
        color="teal"
        icon={<IconHierarchy3 stroke={1.6} />}
        title="No assets or sensors yet"
        description="Start with a top-level asset such as a site, or import a CSV of the whole hierarchy."
        maw={340}
      >
        <EmptyState.Actions>
          <Group gap="xs" justify="center">
            {canManage.asset && (
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => openEditor({ kind: 'asset', entity: null, parentId: null })}
              >
                New asset
              </Button>
            )}
            {can('importExport') && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconFileImport size={14} />}
                onClick={() => setImporting((n) => n + 1)}
              >
                Import
              </Button>
            )}
          </Group>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );

  return (
    <div className={classes.workspace} data-project-id={project.id}>
      <WorkspaceHeader
        trail={trail}
        projectName={project.name}
        counts={counts}
        kind={kind}
        canCreate={canManage}
        canImportExport={can('importExport')}
        onNew={newEntity}
        onImport={() => setImporting((n) => n + 1)}
        onExport={(format) =>
          void download(exportUrl({ orgId, projectId: project.id }, format), `hierarchy.${format}`)
        }
      />
      <div className={classes.split}>
        <aside className={classes.side}>
          <div className={classes.sideTabs}>
            <SegmentedControl
              fullWidth
              size="xs"
              value={view}
              onChange={(value) => setView(value as 'tree' | 'list')}
              data={[
                {
                  value: 'tree',
                  label: (
                    <Group gap={6} wrap="nowrap" justify="center">
                      <IconBinaryTree size={14} />
                      Hierarchy
                    </Group>
                  ),
                },
                {
                  value: 'list',
                  label: (
                    <Group gap={6} wrap="nowrap" justify="center">
                      <IconList size={14} />
                      {kind === 'asset' ? 'Assets' : 'Sensors'}
                    </Group>
                  ),
                },
              ]}
            />
          </div>
          <div className={classes.sideBody}>
            {view === 'tree' ? (
              <TreePane
                nodes={nodes}
                selectedId={selectedId}
                onSelect={select}
                onOpen={select}
                onMove={canMove ? onMove : undefined}
                empty={emptyTree}
              />
            ) : (
              <EntityListPane kind={kind} projectId={project.id} selectedId={selectedId} onSelect={select} />
            )}
          </div>
        </aside>
        <main className={classes.main}>
          {selectedNode ? (
            <EntityDetail
              key={selectedNode.id}
              projectId={project.id}
              projectName={project.name}
              node={selectedNode}
              childNodes={childNodes}
              descendants={descendants}
              onSelect={select}
              onEdit={(entity) => openEditor({ kind: entity.kind, entity, parentId: entity.parent_id })}
              onAddChild={(childKind, parent) =>
                openEditor({ kind: childKind, entity: null, parentId: parent.id })
              }
              onDelete={(entity) =>
                setDeleting({ id: entity.id, kind: entity.kind, name: entity.name, descendants })
              }
              can={canManage}
            />
          ) : selectedId ? (
            // Just created: selected before the refetched tree holds it.
            <Center h="100%">
              <Loader size="sm" />
            </Center>
          ) : (
            <Center h="100%" p="xl">
              <EmptyState
                size="md"
                variant="light"
                color="gray"
                icon={kind === 'asset' ? <IconHierarchy3 stroke={1.6} /> : <IconList stroke={1.6} />}
                title={`Select ${kind === 'asset' ? 'an asset' : 'a sensor'}`}
                description="Pick an entity in the tree or the list to see its type, metadata, parameters and place in the hierarchy."
                maw={380}
              />
            </Center>
          )}
        </main>
      </div>
      <EntityFormDrawer
        key={`form-${editing.n}`}
        opened={editing.opened}
        onClose={() => setEditing((e) => ({ ...e, opened: false }))}
        kind={editing.kind}
        projectId={project.id}
        entity={editing.entity}
        parentId={editing.parentId}
        assets={assetOptions}
        onSaved={(entity) => select(entity.id)}
      />
      <DeleteEntityModal
        key={`delete-${deleting?.id ?? ''}`}
        target={deleting}
        projectId={project.id}
        onClose={() => setDeleting(null)}
        onDeleted={() => select(null)}
      />
      {importing > 0 && (
        <ImportDialog key={importing} opened onClose={() => setImporting(0)} project={project} />
      )}
    </div>
  );
}
