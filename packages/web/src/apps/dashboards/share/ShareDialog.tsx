/** The share dialog of a dashboard: a password link (Link) or members by e-mail (People). */
import type { DashboardExport } from '@ferrite/contracts';
import { Modal, Tabs } from '@mantine/core';
import { IconLink, IconUsers } from '@tabler/icons-react';
import { LinkPanel } from './LinkPanel';
import { PeoplePanel } from './PeoplePanel';

interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  dashboardId: string;
  dashboardName: string;
  links: readonly DashboardExport[];
  /** dashboards.export: links; dashboards.share: people. */
  canLink: boolean;
  canPeople: boolean;
}

/** The modal. */
export function ShareDialog({
  opened,
  onClose,
  dashboardId,
  dashboardName,
  links,
  canLink,
  canPeople,
}: ShareDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Share “${dashboardName}”`}
      size="lg"
      radius="lg"
      keepMounted={false}
    >
      <Tabs defaultValue={canLink ? 'link' : 'people'} keepMounted={false}>
        <Tabs.List mb="md">
          {canLink ? (
            <Tabs.Tab value="link" leftSection={<IconLink size={15} />}>
              Link with password
            </Tabs.Tab>
          ) : null}
          {canPeople ? (
            <Tabs.Tab value="people" leftSection={<IconUsers size={15} />}>
              People
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="link">
          <LinkPanel dashboardId={dashboardId} links={links} />
        </Tabs.Panel>
        <Tabs.Panel value="people">
          <PeoplePanel dashboardId={dashboardId} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
