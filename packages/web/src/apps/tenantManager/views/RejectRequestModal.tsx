/** Asks why a sign-up request is refused; the reason is mailed to the requester. */
import { type OrgRequestDetail, rejectOrgRequestBodySchema } from '@ferrite/contracts';
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';

interface RejectRequestModalProps {
  request: OrgRequestDetail | null;
  onClose: () => void;
  onReject: (request: OrgRequestDetail, reason: string) => Promise<boolean>;
}

const REASON_ERROR = 'Please give the requester a reason';
const MIN_REASON = rejectOrgRequestBodySchema.shape.reason.minLength ?? 3;

/** The form inside; rebuilt each time the modal opens for a request. */
function RejectForm({ request, onClose, onReject }: RejectRequestModalProps & { request: OrgRequestDetail }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: {
      reason: (value) =>
        value.trim().length >= MIN_REASON ? null : `${REASON_ERROR} (at least ${MIN_REASON} characters)`,
    },
  });
  const submit = form.onSubmit(async ({ reason }) => {
    if (await onReject(request, reason.trim())) onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Text size="sm" mb="md">
        <b>{request.requester.name}</b> ({request.requester.email}) asked for{' '}
        <b>{request.organization_name}</b>. They will receive this reason by e-mail.
      </Text>
      <Textarea
        label="Reason"
        placeholder="e.g. We could not verify the company behind this request."
        autosize
        minRows={3}
        maxRows={8}
        maxLength={1000}
        required
        data-autofocus
        {...form.getInputProps('reason')}
      />
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" color="red" loading={form.submitting}>
          Reject request
        </Button>
      </Group>
    </form>
  );
}

/** The modal, open while a request is given. */
export function RejectRequestModal({ request, onClose, onReject }: RejectRequestModalProps) {
  return (
    <Modal opened={request !== null} onClose={onClose} title="Reject request" radius="lg" centered size="md">
      {request && <RejectForm request={request} onClose={onClose} onReject={onReject} />}
    </Modal>
  );
}
