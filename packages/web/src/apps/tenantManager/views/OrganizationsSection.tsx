/** The organization section: the list, or one organization when the trail points at it. */
import { useTrail } from '../../../ui/Breadcrumbs';
import { OrganizationDetail } from './OrganizationDetail';
import { OrganizationList } from './OrganizationList';

/** Breadcrumb 'My Organizations'; opening an organization adds it as the trail's second step. */
export function OrganizationsSection() {
  // The trail is the section's navigation state: clicking 'My Organizations' cuts back to the list.
  const { crumbs, extend } = useTrail('myOrganizations');
  const selectedId = crumbs[1]?.id;
  if (selectedId) return <OrganizationDetail key={selectedId} id={selectedId} />;
  return <OrganizationList onOpen={(org) => extend({ label: org.name, id: org.id })} />;
}
