/** The User Groups section's switch between groups and custom roles. */
import { SegmentedControl } from '@mantine/core';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { type GroupsView, groupsViewChanged } from '../state/view';

/** Groups | Roles. */
export function ViewSwitch() {
  const dispatch = useAppDispatch();
  const view = useAppSelector((state) => state.roleManager.view.groupsView);
  return (
    <SegmentedControl
      aria-label="Show"
      value={view}
      onChange={(value) => dispatch(groupsViewChanged(value as GroupsView))}
      data={[
        { value: 'groups', label: 'Groups' },
        { value: 'roles', label: 'Roles' },
      ]}
    />
  );
}
