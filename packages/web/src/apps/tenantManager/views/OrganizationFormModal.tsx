/** Create or edit an organization in a modal; server errors land on their fields, the rest in a toast. */
import type { Organization } from '@ferrite/contracts';
import { Button, Group, Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { notifyError, notifySuccess } from '../../../session/notify';
import { useCreateOrganizationMutation, useUpdateOrganizationMutation } from '../api/organizationsApi';
import { OrganizationForm } from './OrganizationForm';
import { orgFormBody, orgFormRules, orgFormValues, serverFieldErrors } from './orgForm';
import type { SlugCheck } from './SlugField';
import { confirmAppRemoval, removedApps } from './useOrgActions';

interface OrganizationFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Editing this organization; creating a new one when absent. */
  org?: Organization;
  onSaved?: (org: Organization) => void;
}

function FormBody({ org, onClose, onSaved }: Omit<OrganizationFormModalProps, 'opened'>) {
  const [create, creating] = useCreateOrganizationMutation();
  const [update, updating] = useUpdateOrganizationMutation();
  const [slugCheck, setSlugCheck] = useState<SlugCheck>('idle');
  const onSlugCheck = useCallback((state: SlugCheck) => setSlugCheck(state), []);
  const form = useForm({
    mode: 'controlled',
    initialValues: orgFormValues(org),
    validate: orgFormRules,
  });

  const submit = form.onSubmit(async (values) => {
    // The live check already knows this URL is taken; the server would only say it again.
    if (slugCheck === 'taken') return;
    const body = orgFormBody(values);
    if (org && !(await confirmAppRemoval(org, removedApps(org.apps, body.apps ?? org.apps)))) return;
    const result = org ? await update({ id: org.id, body }) : await create(body);
    if (result.data) {
      notifySuccess(org ? `${result.data.name} saved` : `${result.data.name} created`);
      onSaved?.(result.data);
      onClose();
      return;
    }
    const problem = result.error as ApiProblem;
    const fields = serverFieldErrors(problem);
    if (fields) form.setErrors(fields);
    else notifyError(problem.title, problem.detail);
  });

  return (
    <form onSubmit={submit} noValidate data-testid="organization-form">
      <OrganizationForm form={form} ownSlug={org?.slug} onSlugCheck={onSlugCheck} />
      <Group justify="flex-end" gap="sm" mt="xl">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={creating.isLoading || updating.isLoading}>
          {org ? 'Save changes' : 'Create organization'}
        </Button>
      </Group>
    </form>
  );
}

/** The modal; its form is rebuilt each time it opens, so it always starts from the organization. */
export function OrganizationFormModal({ opened, onClose, org, onSaved }: OrganizationFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={org ? `Edit ${org.name}` : 'New organization'}
      size="xl"
      radius="lg"
      centered
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened && <FormBody org={org} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
