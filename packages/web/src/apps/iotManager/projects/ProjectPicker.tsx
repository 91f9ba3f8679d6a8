/**
 * My Projects (spec §2 "IoT Manager: projectList (My Projects) for topology and gateways"): the
 * organization's active projects as cards, each with how many of its gateways are online.
 */
import type { IotProject } from '@ferrite/contracts';
import { Group, Progress, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconFolder, IconRouter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { ListPage } from '../../../ui/ListPage';
import { useListIotProjectsQuery } from '../api/gatewaysApi';
import { plural } from '../common/format';
import { useOrgId } from '../hooks';
import classes from './Projects.module.css';

/** Projects per page of the start page: a card grid reads well in fours. */
export const PROJECTS_PAGE_SIZE = 12;

function ProjectCard({ project }: { project: IotProject }) {
  const { gateway_count: total, online_count: online } = project;
  const share = total === 0 ? 0 : Math.round((online / total) * 100);
  return (
    <div className={classes.card} data-project={project.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start" pr={4}>
        <ThemeIcon variant="light" color="orange" size={38} radius="md">
          <IconFolder size={20} stroke={1.7} />
        </ThemeIcon>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate>
            {project.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} className={classes.description}>
            {project.description || 'No description'}
          </Text>
        </div>
      </Group>
      <div className={classes.health}>
        <Group justify="space-between" gap="xs" mb={6}>
          <Group gap={6} wrap="nowrap">
            <IconRouter size={14} color="var(--mantine-color-dimmed)" />
            <Text size="sm" fw={500} data-testid="project-gateways">
              {plural(total, 'gateway')}
            </Text>
          </Group>
          <Text size="xs" c={total === 0 ? 'dimmed' : online > 0 ? 'teal' : 'gray'} fw={600}>
            {total === 0 ? 'none yet' : `${online} online`}
          </Text>
        </Group>
        <Tooltip label={`${online} of ${total} online`} withArrow disabled={total === 0}>
          <Progress
            value={share}
            color="teal"
            size="sm"
            radius="xl"
            aria-label={`${online} of ${total} gateways online`}
          />
        </Tooltip>
      </div>
    </div>
  );
}

export interface ProjectPickerProps {
  title: string;
  description: string;
  breadcrumbs: ReactNode;
  onOpen: (project: IotProject) => void;
}

/** The start page of Topology and Gateways; opening a project is the section's business. */
export function ProjectPicker({ title, description, breadcrumbs, onOpen }: ProjectPickerProps) {
  const orgId = useOrgId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useListIotProjectsQuery(
    { orgId, page, pageSize: PROJECTS_PAGE_SIZE, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const data = query.currentData;
  const problem = data ? undefined : (query.error as ApiProblem | undefined);
  return (
    <ListPage<IotProject>
      // No count beside the title: it names gateways or the topology, and this list holds projects.
      title={title}
      description={description}
      breadcrumbs={breadcrumbs}
      onSearch={(text) => {
        setSearch(text);
        setPage(1);
      }}
      searchPlaceholder="Search projects"
      items={data?.projects ?? []}
      getKey={(project) => project.id}
      itemLabel={(project) => project.name}
      renderCard={(project) => <ProjectCard project={project} />}
      onOpen={onOpen}
      paging={{ page, pageSize: PROJECTS_PAGE_SIZE, total: data?.total_entries ?? 0, onPageChange: setPage }}
      loading={!data && !problem}
      error={problem && { title: problem.title, detail: problem.detail, onRetry: query.refetch }}
      empty={{
        title: search ? 'No matches' : 'No active projects',
        message: search
          ? `No project matches “${search}”.`
          : 'Gateways belong to a project. Create one in the Role Manager, then come back here.',
      }}
    />
  );
}
