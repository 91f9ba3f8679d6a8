/**
 * 'My Projects': Active/Archived project cards (Active by default, spec §4). Archiving moves a
 * project to the front of Archived and both counts follow; unarchiving is the reverse.
 */
import type { Project } from '@ferrite/contracts';
import { Button } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconEdit, IconFolders, IconPlus, IconTrash } from '@tabler/icons-react';
import { useAppSelector } from '../../../app/hooks';
import { archiveTabs } from '../../../ui/archiveTabs';
import { confirmArchive, confirmDelete } from '../../../ui/confirm';
import { ListPage, type RowAction } from '../../../ui/ListPage';
import { useListPageState } from '../../../ui/useListPageState';
import {
  useArchiveProjectMutation,
  useDeleteProjectMutation,
  useListProjectsQuery,
  useUnarchiveProjectMutation,
} from '../api/projectsApi';
import { useEditor } from '../common/useEditor';
import { useStoredTabAndPage } from '../common/useStoredTabAndPage';
import { problemOf, runAction, useCan, useOrgId } from '../hooks';
import type { ArchiveTab } from '../state/archivable';
import { ProjectCard } from './ProjectCard';
import { ProjectDrawer } from './ProjectDrawer';

function useProjectActions(edit: (project: Project) => void) {
  const orgId = useOrgId();
  const [archive] = useArchiveProjectMutation();
  const [unarchive] = useUnarchiveProjectMutation();
  const [remove] = useDeleteProjectMutation();
  return (project: Project): RowAction[] => {
    const tab: ArchiveTab = project.archived_at ? 'archived' : 'active';
    const remover: RowAction = {
      label: 'Delete',
      icon: <IconTrash size={16} />,
      color: 'red',
      onClick: async () => {
        if (await confirmDelete()) {
          await runAction(() => remove({ orgId, id: project.id, tab }).unwrap(), `${project.name} deleted`);
        }
      },
    };
    if (tab === 'archived') {
      return [
        {
          label: 'Unarchive',
          icon: <IconArchiveOff size={16} />,
          onClick: async () => {
            if (await confirmArchive('Unarchive')) {
              await runAction(
                () => unarchive({ orgId, id: project.id }).unwrap(),
                `${project.name} is active again`,
              );
            }
          },
        },
        remover,
      ];
    }
    return [
      { label: 'Edit', icon: <IconEdit size={16} />, onClick: () => edit(project) },
      {
        label: 'Archive',
        icon: <IconArchive size={16} />,
        onClick: async () => {
          if (await confirmArchive('Archive')) {
            await runAction(() => archive({ orgId, id: project.id }).unwrap(), `${project.name} archived`);
          }
        },
      },
      remover,
    ];
  };
}

/** The Projects section. */
export function ProjectsSection() {
  const orgId = useOrgId();
  const can = useCan();
  const view = useListPageState({ stored: useStoredTabAndPage('projects') });
  const { tab, search } = view;
  const lists = useAppSelector((state) => state.roleManager.lists.projects);
  const editor = useEditor<Project>();
  const manage = can('manageProjects');
  const actions = useProjectActions(editor.open);
  const store = lists[tab];
  const query = useListProjectsQuery(
    { orgId, tab, page: view.page, pageSize: store.pageSize, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const newButton = manage && (
    <Button leftSection={<IconPlus size={18} />} onClick={() => editor.open()}>
      New project
    </Button>
  );

  return (
    <>
      <ListPage<Project>
        title="My Projects"
        description="Projects hold assets, sensors, gateways and dashboards, with a manager and members."
        primaryAction={newButton}
        tabs={archiveTabs(
          { active: lists.active.total, archived: lists.archived.total },
          { active: <IconFolders size={16} />, archived: <IconArchive size={16} /> },
        )}
        activeTab={tab}
        onTabChange={view.onTabChange}
        onSearch={view.onSearch}
        searchPlaceholder="Search projects"
        items={store.items}
        getKey={(p) => p.id}
        itemLabel={(p) => p.name}
        renderCard={(p) => <ProjectCard project={p} />}
        rowActions={manage ? actions : undefined}
        onOpen={manage && tab === 'active' ? editor.open : undefined}
        selectedKey={editor.opened ? editor.item?.id : undefined}
        paging={{ page: view.page, pageSize: store.pageSize, total: store.total, onPageChange: view.setPage }}
        loading={query.isFetching && !query.currentData}
        error={query.error ? { ...problemOf(query.error), onRetry: query.refetch } : null}
        empty={{
          message: search
            ? `No project matches “${search}”.`
            : tab === 'active'
              ? 'No projects yet. Projects group the assets, sensors and dashboards of a site or line.'
              : 'No archived projects.',
          action: tab === 'active' && !search ? newButton : undefined,
        }}
      />
      <ProjectDrawer key={editor.key} opened={editor.opened} project={editor.item} onClose={editor.close} />
    </>
  );
}
