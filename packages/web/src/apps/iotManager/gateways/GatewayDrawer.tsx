/**
 * Create or edit a gateway: name, type and protocol, description, channel and parent; the connection
 * (topic, client id, user name, host, port, path) and heartbeat timeout are optional and default on
 * the server. A new gateway's access token comes back once: the caller shows it (TokenModal).
 */
import { GATEWAY_TYPES, type Gateway, type GatewayWithToken, PROTOCOLS_OF_TYPE } from '@ferrite/contracts';
import {
  Accordion,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { FormDrawer } from '../../../ui/FormDrawer';
import { useCreateGatewayMutation, useListGatewaysQuery, useUpdateGatewayMutation } from '../api/gatewaysApi';
import { TYPE_HINTS } from '../common/labels';
import { fieldErrorsOf, notifyProblem, problemOf, useOrgId } from '../hooks';
import {
  bodyOf,
  EMPTY_GATEWAY_FORM,
  formOf,
  type GatewayForm,
  validateGatewayBody,
  withType,
} from './gatewayForm';

/** The fields inside the collapsible "Connection and credentials" section. */
const CONNECTION_FIELDS = new Set(['topic', 'client_id', 'username', 'host_name', 'port_info', 'path']);

interface GatewayDrawerProps {
  opened: boolean;
  projectId: string;
  /** The gateway to edit; null creates one. Read once: the parent re-keys the drawer per opening. */
  gateway: Gateway | null;
  onClose: () => void;
  /** A gateway was created: its one-time access token must be shown now. */
  onCreated?: (created: GatewayWithToken) => void;
}

/** The gateway editor in a drawer. */
export function GatewayDrawer({ opened, projectId, gateway, onClose, onCreated }: GatewayDrawerProps) {
  const orgId = useOrgId();
  const [create, creating] = useCreateGatewayMutation();
  const [update, updating] = useUpdateGatewayMutation();
  const form = useForm<GatewayForm>({
    initialValues: gateway ? formOf(gateway) : EMPTY_GATEWAY_FORM,
    validate: (values) => validateGatewayBody(bodyOf(values, gateway)),
  });
  const [section, setSection] = useState<string | null>(gateway ? 'connection' : null);
  // An error on a field of the collapsed section (a user name another gateway has) opens it, so it shows.
  const revealErrors = (errors: Record<string, unknown>) => {
    if (Object.keys(errors).some((field) => CONNECTION_FIELDS.has(field))) setSection('connection');
  };
  // Parents: the project's other active gateways (one big page, as pickers do).
  const siblings = useListGatewaysQuery(
    { orgId, projectId, page: 1, pageSize: 200, tab: 'active' },
    { skip: !opened || !orgId },
  );
  const parentOptions = useMemo(
    () =>
      (siblings.data?.gateways ?? [])
        .filter((g) => g.id !== gateway?.id)
        .map((g) => ({ value: g.id, label: g.name })),
    [siblings.data, gateway],
  );

  const submit = form.onSubmit(async (values) => {
    const body = bodyOf(values, gateway);
    const result = gateway
      ? await update({ orgId, gatewayId: gateway.id, body })
      : await create({ orgId, projectId, body });
    if (result.error) {
      const fields = fieldErrorsOf(problemOf(result.error));
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        revealErrors(fields);
      } else notifyProblem(result.error);
      return;
    }
    onClose();
    if (!gateway && 'access_token' in result.data) onCreated?.(result.data);
  }, revealErrors);

  const protocols = PROTOCOLS_OF_TYPE[form.values.type];
  const generated = gateway ? 'Kept as it is when empty' : 'Generated when empty';

  return (
    <FormDrawer
      opened={opened}
      onClose={onClose}
      title={gateway ? `Edit ${gateway.name}` : 'New gateway'}
      description="How devices reach Ferrite: over MQTT, or HTTP and CoAP behind an HTTPS gateway."
      submitLabel={gateway ? 'Save changes' : 'Create gateway'}
      submitting={creating.isLoading || updating.isLoading}
      onSubmit={submit}
      size={620}
      testId="gateway-drawer"
    >
      <TextInput
        label="Name"
        placeholder="e.g. Boiler house edge"
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Gateway type
        </Text>
        <SegmentedControl
          aria-label="Gateway type"
          data={GATEWAY_TYPES.map((type) => ({ value: type, label: type }))}
          value={form.values.type}
          onChange={(value) => form.setValues(withType(form.values, value as Gateway['type']))}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {TYPE_HINTS[form.values.type]}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label="Protocol"
          data={[...protocols]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('protocol')}
        />
        <Select
          label="Parent gateway"
          placeholder="None"
          data={parentOptions}
          clearable
          searchable
          nothingFoundMessage="No other gateway"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('parent_id')}
        />
      </SimpleGrid>
      <Textarea label="Description" autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
      <TextInput label="Channel" placeholder="e.g. line-2, LoRa 868" {...form.getInputProps('channel')} />
      <Accordion variant="contained" radius="md" value={section} onChange={setSection}>
        <Accordion.Item value="connection">
          <Accordion.Control>
            <Text size="sm" fw={500}>
              Connection and credentials
            </Text>
            <Text size="xs" c="dimmed">
              Topic, client id, user name, host, port and path — all optional
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="sm">
              <TextInput
                label="Topic"
                placeholder={gateway ? undefined : 'ferrite/<gateway id>'}
                description={generated}
                {...form.getInputProps('topic')}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput
                  label="Client id"
                  placeholder={gateway ? undefined : 'gw-…'}
                  description={generated}
                  {...form.getInputProps('client_id')}
                />
                <TextInput
                  label="User name"
                  placeholder={gateway ? undefined : 'the client id'}
                  description={generated}
                  {...form.getInputProps('username')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, xs: 3 }}>
                <TextInput
                  label="Host name"
                  placeholder="this server"
                  description="Empty: this server"
                  {...form.getInputProps('host_name')}
                />
                <TextInput
                  label="Port"
                  placeholder="protocol default"
                  description="Empty: the default"
                  {...form.getInputProps('port_info')}
                />
                <TextInput
                  label="Path"
                  placeholder="protocol default"
                  description="Empty: the default"
                  {...form.getInputProps('path')}
                />
              </SimpleGrid>
              <NumberInput
                label="Heartbeat timeout (seconds)"
                description="Offline when neither data nor a heartbeat arrived for this long"
                min={5}
                max={86_400}
                allowDecimal={false}
                {...form.getInputProps('heartbeat_timeout_s')}
              />
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </FormDrawer>
  );
}
