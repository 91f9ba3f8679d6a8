/**
 * The project list each entity section starts on (spec §2 "sensors, assets and entity map start on
 * a project list"): the organization's active projects, searchable and paged, under the section's trail.
 */
import { type BreadcrumbTrailKey, DEFAULT_PAGE_SIZE, type Project } from '@ferrite/contracts';
import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconMapPin } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { type ListColumn, ListPage } from '../../../ui/ListPage';
import { DateTime } from '../../../ui/time';
import { useListEmProjectsQuery } from '../api/projectsApi';
import { initials } from '../common/format';
import { useOrgId } from '../hooks';

const COLUMNS: ListColumn<Project>[] = [
  {
    key: 'name',
    header: 'Project',
    fill: true,
    render: (project) => (
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {project.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {project.description || 'No description'}
        </Text>
      </div>
    ),
  },
  {
    key: 'location',
    header: 'Location',
    width: '24%',
    render: (project) =>
      project.location.address ? (
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={14} color="var(--mantine-color-dimmed)" />
          <Text size="sm" truncate>
            {project.location.address}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    key: 'people',
    header: 'Manager and members',
    width: 200,
    render: (project) => {
      const people = [project.manager, ...project.members.filter((m) => m.id !== project.manager?.id)].filter(
        (p) => p !== null,
      );
      if (people.length === 0)
        return (
          <Text size="sm" c="dimmed">
            —
          </Text>
        );
      return (
        <Tooltip label={people.map((p) => p.name).join(', ')} withArrow multiline maw={280}>
          <Avatar.Group spacing={4}>
            {people.slice(0, 4).map((person) => (
              <Avatar key={person.id} size={30} radius="xl" color="initials" name={person.name}>
                {initials(person.name)}
              </Avatar>
            ))}
            {people.length > 4 && (
              <Avatar size={30} radius="xl">
                +{people.length - 4}
              </Avatar>
            )}
          </Avatar.Group>
        </Tooltip>
      );
    },
  },
  {
    key: 'created',
    header: 'Created',
    width: 140,
    render: (project) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        <DateTime value={project.created_at} />
      </Text>
    ),
  },
  {
    key: 'open',
    header: '',
    width: 48,
    align: 'right',
    render: () => <IconArrowRight size={16} color="var(--mantine-color-dimmed)" />,
  },
];

export interface ProjectListProps {
  trail: BreadcrumbTrailKey;
  title: string;
  description: string;
  onOpen: (project: Project) => void;
  /** Beside the title, e.g. a link to the type lists. */
  action?: ReactNode;
}

/** The list; opening a project is the section's business (it extends the trail). */
export function ProjectList({ trail, title, description, onOpen, action }: ProjectListProps) {
  const orgId = useOrgId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useListEmProjectsQuery(
    { orgId, page, pageSize: DEFAULT_PAGE_SIZE, search },
    { skip: !orgId, refetchOnMountOrArgChange: true },
  );
  const data = query.currentData;
  const problem = data ? undefined : (query.error as ApiProblem | undefined);
  return (
    <ListPage<Project>
      // No count beside the title: the title names sensors, assets or the map, and this list holds projects.
      title={title}
      description={description}
      breadcrumbs={<Breadcrumbs trail={trail} />}
      onSearch={(text) => {
        setSearch(text);
        setPage(1);
      }}
      searchPlaceholder="Search projects"
      primaryAction={action}
      items={data?.projects ?? []}
      getKey={(project) => project.id}
      itemLabel={(project) => project.name}
      columns={COLUMNS}
      onOpen={onOpen}
      paging={{ page, pageSize: DEFAULT_PAGE_SIZE, total: data?.total_entries ?? 0, onPageChange: setPage }}
      loading={!data && !problem}
      error={
        problem && {
          title: problem.status === 403 ? 'Projects are not available to you' : problem.title,
          detail:
            problem.status === 403
              ? 'Listing projects needs the Role Manager’s view permission. Ask an administrator to add it to one of your user groups.'
              : problem.detail,
          onRetry: query.refetch,
        }
      }
      empty={{
        title: search ? 'No matches' : 'No active projects',
        message: search
          ? `No project matches “${search}”.`
          : 'Assets and sensors belong to a project. Create one in the Role Manager, then come back here.',
      }}
    />
  );
}
