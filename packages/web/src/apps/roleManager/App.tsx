/** The Role Manager window: Home, User Groups (with roles), Users, Projects and the hidden Activity. */
import { APPS } from '@ferrite/contracts';
import { SectionEmpty } from '../../ui/SectionEmpty';
import type { AppViewProps } from '../manifest';
import { ActivitySection } from './activity/ActivitySection';
import { GroupsSection } from './groups/GroupsSection';
import { Home } from './home/Home';
import { roleManagerApp } from './index';
import { ProjectsSection } from './projects/ProjectsSection';
import { UsersSection } from './users/UsersSection';

/** The app's window body, by section. */
export default function RoleManagerApp({ section, onNavigate }: AppViewProps) {
  switch (section) {
    case 'roleManager':
      return <Home onNavigate={onNavigate} />;
    case 'usersGroups':
      return <GroupsSection />;
    case 'users':
      return <UsersSection />;
    case 'projects':
      return <ProjectsSection />;
    case 'activity':
      return <ActivitySection />;
    default: {
      // settings and help are dead links in both brands (spec §2); they show an empty section.
      const label = APPS.roleManager.sections.find((s) => s.key === section)?.label ?? section;
      return (
        <SectionEmpty
          sectionKey={section}
          label={label}
          appTitle="Role Manager"
          color={roleManagerApp.color}
        />
      );
    }
  }
}
