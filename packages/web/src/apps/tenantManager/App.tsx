/** The Tenant Manager window (platform admins only): Home, Organization and Requests sections. */
import { Center, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useGetMeQuery } from '../../workspace/profileApi';
import type { AppViewProps } from '../manifest';
import { TenantHome } from './views/Home';
import { OrganizationsSection } from './views/OrganizationsSection';
import { RequestsSection } from './views/RequestsSection';

function PlatformAdminsOnly() {
  return (
    <Center h="100%" p="xl">
      <EmptyState
        size="lg"
        variant="light"
        color="gray"
        icon={<IconLock stroke={1.6} />}
        title="Platform admins only"
        description="Tenant Manager looks after every organization on the platform. Ask a platform administrator for access."
        maw={440}
      />
    </Center>
  );
}

/** The app's window body, by section. */
export default function TenantManagerApp({ section, onNavigate }: AppViewProps) {
  const { data: me } = useGetMeQuery();
  // The server refuses these calls to anyone else; saying so up front beats a page of 403s.
  if (me && !me.is_platform_admin) return <PlatformAdminsOnly />;
  if (section === 'organization') return <OrganizationsSection />;
  if (section === 'requests') return <RequestsSection />;
  return <TenantHome onNavigate={onNavigate} />;
}
