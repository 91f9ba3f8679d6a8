/** Create or edit a project: name, description, manager, members, metadata rows and location. */
import type { Project, ProjectBody } from '@ferrite/contracts';
import { Fieldset, MultiSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { FormDrawer } from '../../../ui/FormDrawer';
import { useCreateProjectMutation, useUpdateProjectMutation } from '../api/projectsApi';
import { useMemberOptions } from '../common/useOptions';
import { runAction, useOrgId } from '../hooks';
import { LocationFields } from './LocationFields';
import { MetadataRows } from './MetadataRows';
import { type ProjectValues, projectBody, projectValues, validateProject } from './projectForm';

interface ProjectDrawerProps {
  opened: boolean;
  /** The project to edit; null creates one. Read once: the parent re-keys the drawer per opening. */
  project: Project | null;
  onClose: () => void;
}

/** The project editor in a drawer. */
export function ProjectDrawer({ opened, project, onClose }: ProjectDrawerProps) {
  const orgId = useOrgId();
  // People attached before who have left still show by name rather than as a bare id.
  const attached = useMemo(
    () => [project?.manager, ...(project?.members ?? [])].filter((p) => p != null),
    [project],
  );
  const members = useMemberOptions(opened, attached);
  const [create, creating] = useCreateProjectMutation();
  const [update, updating] = useUpdateProjectMutation();
  const form = useForm<ProjectValues>({ initialValues: projectValues(project), validate: validateProject });

  const submit = form.onSubmit(async (values) => {
    const body: ProjectBody = projectBody(values);
    const ok = await runAction(
      () => (project ? update({ orgId, id: project.id, body }).unwrap() : create({ orgId, body }).unwrap()),
      project ? `Saved ${body.name}` : `Created ${body.name}`,
    );
    if (ok) onClose();
  });

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={project ? `Edit ${project.name}` : 'New project'}
      description="Assets, sensors, gateways and dashboards belong to a project."
      submitLabel={project ? 'Save changes' : 'Create project'}
      submitting={creating.isLoading || updating.isLoading}
      onSubmit={submit}
      size={600}
      testId="project-drawer"
    >
      <TextInput
        label="Name"
        placeholder="e.g. Boiler house"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea label="Description" autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Manager"
          placeholder="Nobody yet"
          {...members.picker}
          searchable
          clearable
          nothingFoundMessage="Nobody matches"
          {...form.getInputProps('managerId')}
        />
        <MultiSelect
          label="Members"
          placeholder={form.values.memberIds.length ? undefined : 'Pick people'}
          {...members.picker}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="Nobody matches"
          {...form.getInputProps('memberIds')}
        />
      </SimpleGrid>
      <Fieldset legend="Location" radius="md">
        <LocationFields form={form} />
      </Fieldset>
      <Fieldset legend="Metadata" radius="md">
        <MetadataRows form={form} />
      </Fieldset>
    </FormDrawer>
  );
}
