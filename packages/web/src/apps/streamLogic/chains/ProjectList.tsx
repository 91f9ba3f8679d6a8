/**
 * My Projects (spec §2 "Stream Logic: projectsList"): the organization's active projects as cards with
 * how many chains each holds and how many run; opening one shows its logic chains.
 */
import type { StreamProject } from '@ferrite/contracts';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { ListPage } from '../../../ui/ListPage';
import { plural } from '../../../ui/plural';
import { useStreamProjectsQuery } from '../api/pickersApi';
import { useOrgId } from '../hooks';

function ProjectCard({ project }: { project: StreamProject }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" mih={64} data-project={project.name}>
      <ThemeIcon variant="light" color="pink" size={38} radius="md">
        <IconFolder size={20} stroke={1.7} />
      </ThemeIcon>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} truncate>
          {project.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {project.description || 'No description'}
        </Text>
        <Text size="xs" mt={4} data-testid="project-chain-counts">
          {plural(project.chain_count, 'chain')} · {project.running_count.toLocaleString('en')} running
        </Text>
      </div>
    </Group>
  );
}

/** The start page of Logic Chains. */
export function ProjectList({
  breadcrumbs,
  onOpen,
}: {
  breadcrumbs: ReactNode;
  onOpen: (p: StreamProject) => void;
}) {
  const orgId = useOrgId();
  const [search, setSearch] = useState('');
  const query = useStreamProjectsQuery({ orgId, search }, { skip: !orgId, refetchOnMountOrArgChange: true });
  const data = query.currentData;
  const problem = data ? undefined : (query.error as ApiProblem | undefined);
  const projects = data?.projects ?? [];
  return (
    <ListPage<StreamProject>
      title="My Projects"
      description="Logic chains belong to a project. Pick one to see and edit its chains."
      breadcrumbs={breadcrumbs}
      onSearch={setSearch}
      searchPlaceholder="Search projects"
      items={projects}
      getKey={(project) => project.id}
      itemLabel={(project) => project.name}
      renderCard={(project) => <ProjectCard project={project} />}
      onOpen={onOpen}
      loading={!data && !problem}
      error={problem && { title: problem.title, detail: problem.detail, onRetry: query.refetch }}
      empty={{
        title: search ? 'No matches' : 'No projects yet',
        message: search
          ? `No project matches “${search}”.`
          : 'Chains belong to a project. Create one in the Role Manager, then come back here.',
      }}
    />
  );
}
