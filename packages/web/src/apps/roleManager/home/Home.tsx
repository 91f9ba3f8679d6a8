/**
 * The Role Manager home: how many users, invites, groups and projects there are, quick actions for
 * the common jobs, and the way into Activity (a hidden menu link in both brands, spec §2).
 */
import {
  Badge,
  Group,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconActivity,
  IconChevronRight,
  IconFolderPlus,
  IconFolders,
  IconMail,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
  IconUsersPlus,
  type TablerIcon,
} from '@tabler/icons-react';
import { useAppSelector } from '../../../app/hooks';
import { AppTile } from '../../../workspace/AppTile';
import { useGetMeQuery } from '../../../workspace/profileApi';
import { useListUserGroupsQuery } from '../api/groupsApi';
import { useListProjectsQuery } from '../api/projectsApi';
import { useListUsersQuery } from '../api/usersApi';
import { useEditor } from '../common/useEditor';
import { GroupDrawer } from '../groups/GroupDrawer';
import { useCan, useOrgId } from '../hooks';
import { ProjectDrawer } from '../projects/ProjectDrawer';
import { InviteModal } from '../users/InviteModal';
import classes from './Home.module.css';
import { RecentActivity } from './RecentActivity';
import { StatCard } from './StatCard';

interface QuickAction {
  key: string;
  icon: TablerIcon;
  label: string;
  hint: string;
  onClick: () => void;
}

function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <Paper withBorder p="lg" h="100%">
      <Text fw={650} mb="md">
        Quick actions
      </Text>
      {actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          Your role lets you look around; ask an admin for more.
        </Text>
      ) : (
        <Stack gap="sm">
          {actions.map(({ key, icon: Icon, label, hint, onClick }) => (
            <UnstyledButton key={key} className={classes.action} onClick={onClick} data-quick-action={key}>
              <ThemeIcon size={36} radius="md" variant="light">
                <Icon size={20} stroke={1.7} />
              </ThemeIcon>
              <div className={classes.actionText}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {hint}
                </Text>
              </div>
              <IconChevronRight size={16} color="var(--mantine-color-dimmed)" />
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** The home page of the app. */
export function Home({ onNavigate }: { onNavigate: (section: string) => void }) {
  const orgId = useOrgId();
  const can = useCan();
  const me = useGetMeQuery().data;
  const lists = useAppSelector((state) => state.roleManager.lists);
  const inviter = useEditor<never>();
  const grouper = useEditor<never>();
  const projector = useEditor<never>();
  // The same first pages the sections open on, so their cache and list stores are shared.
  const first = { orgId, page: 1, search: '', tab: 'active' as const };
  const options = { skip: !orgId, refetchOnMountOrArgChange: true };
  const usersQ = useListUsersQuery({ ...first, pageSize: lists.users.active.pageSize }, options);
  const groupsQ = useListUserGroupsQuery({ ...first, pageSize: lists.userGroups.active.pageSize }, options);
  const projectsQ = useListProjectsQuery({ ...first, pageSize: lists.projects.active.pageSize }, options);

  const actions: QuickAction[] = [
    can('inviteUsers') && {
      key: 'invite',
      icon: IconUserPlus,
      label: 'Invite user',
      hint: 'Send a link to join this organization',
      onClick: () => inviter.open(),
    },
    can('manageProjects') && {
      key: 'project',
      icon: IconFolderPlus,
      label: 'New project',
      hint: 'Group assets, sensors and dashboards of a site',
      onClick: () => projector.open(),
    },
    can('manageUserGroups') && {
      key: 'group',
      icon: IconUsersPlus,
      label: 'New group',
      hint: 'Give people apps and actions in one go',
      onClick: () => grouper.open(),
    },
    can('viewActivity') && {
      key: 'activity',
      icon: IconActivity,
      label: 'View activity',
      hint: 'Who changed what, with before and after',
      onClick: () => onNavigate('activity'),
    },
  ].filter((a): a is QuickAction => Boolean(a));

  return (
    <ScrollArea h="100%" type="auto">
      <div className={classes.wash} data-app-home="roleManager">
        <div className={classes.page}>
          <Group gap="lg" wrap="nowrap" mb="xl">
            <AppTile appKey="roleManager" size={64} />
            <div>
              <Title order={2} fz={28}>
                Role Manager
              </Title>
              <Group gap="xs">
                <Text c="dimmed">People, groups, roles and projects of</Text>
                {me && (
                  <Badge variant="light" radius="sm" tt="none" size="lg">
                    {me.org.name}
                  </Badge>
                )}
              </Group>
            </div>
          </Group>

          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" mb="lg">
            <StatCard
              testId="users"
              icon={IconUsers}
              color="indigo"
              label="Users"
              hint="Active members"
              value={lists.users.active.total}
              loading={usersQ.isLoading}
              onClick={() => onNavigate('users')}
            />
            <StatCard
              testId="invites"
              icon={IconMail}
              color="yellow"
              label="Invites"
              hint="Waiting to be accepted"
              value={lists.invitations.total}
              loading={usersQ.isLoading}
              onClick={() => onNavigate('users')}
            />
            <StatCard
              testId="groups"
              icon={IconUsersGroup}
              color="teal"
              label="User groups"
              hint="Active groups"
              value={lists.userGroups.active.total}
              loading={groupsQ.isLoading}
              onClick={() => onNavigate('usersGroups')}
            />
            <StatCard
              testId="projects"
              icon={IconFolders}
              color="grape"
              label="Projects"
              hint="Active projects"
              value={lists.projects.active.total}
              loading={projectsQ.isLoading}
              onClick={() => onNavigate('projects')}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, md: can('viewActivity') ? 2 : 1 }} spacing="md">
            <QuickActions actions={actions} />
            {can('viewActivity') && <RecentActivity onOpen={() => onNavigate('activity')} />}
          </SimpleGrid>
        </div>
      </div>
      <InviteModal key={`i${inviter.key}`} opened={inviter.opened} target={null} onClose={inviter.close} />
      <GroupDrawer key={`g${grouper.key}`} opened={grouper.opened} group={null} onClose={grouper.close} />
      <ProjectDrawer
        key={`p${projector.key}`}
        opened={projector.opened}
        project={null}
        onClose={projector.close}
      />
    </ScrollArea>
  );
}
