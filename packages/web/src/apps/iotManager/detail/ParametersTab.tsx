/**
 * Static and streaming parameters, edited as two tables and saved together (PUT the gateway). Messages
 * show once a save was tried; the server's field errors land on the rows they name.
 */
import type { Gateway } from '@ferrite/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { useUpdateGatewayMutation } from '../api/gatewaysApi';
import { gatewayBody } from '../gateways/gatewayForm';
import { fieldErrorsOf, notifyProblem, problemOf, useOrgId } from '../hooks';
import classes from './Detail.module.css';
import params from './Parameters.module.css';
import { ParamTable } from './ParamTable';
import {
  type ParamList,
  type ParamRow,
  paramsOf,
  type RowErrors,
  rowsOf,
  rowsValid,
  serverRowErrors,
  validateRows,
} from './paramRows';

type Rows = Record<ParamList, ParamRow[]>;

const rowsOfGateway = (gateway: Gateway): Rows => ({
  static_params: rowsOf(gateway.static_params),
  streaming_params: rowsOf(gateway.streaming_params),
});

/** Client messages, with the server's for rows it refused (until the rows change again). */
function merged(client: RowErrors[], server: RowErrors[] | undefined): RowErrors[] {
  return client.map((errors, i) => ({ ...server?.[i], ...errors }));
}

/** The Parameters tab. */
export function ParametersTab({ gateway, canManage }: { gateway: Gateway; canManage: boolean }) {
  const orgId = useOrgId();
  const [update, { isLoading }] = useUpdateGatewayMutation();
  const [saved, setSaved] = useState<Rows>(() => rowsOfGateway(gateway));
  const [rows, setRows] = useState<Rows>(saved);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Partial<Record<ParamList, RowErrors[]>>>({});

  const errors = useMemo(
    () => ({
      static_params: validateRows(rows.static_params, 'static_params'),
      streaming_params: validateRows(rows.streaming_params, 'streaming_params'),
    }),
    [rows],
  );
  const dirty = JSON.stringify(rows) !== JSON.stringify(saved);

  const change = (list: ParamList) => (next: ParamRow[]) => {
    setRows((current) => ({ ...current, [list]: next }));
    setServer((current) => ({ ...current, [list]: undefined }));
  };

  const save = async () => {
    setTried(true);
    if (!rowsValid(errors.static_params) || !rowsValid(errors.streaming_params)) return;
    const body = gatewayBody(gateway, {
      static_params: paramsOf(rows.static_params),
      streaming_params: paramsOf(rows.streaming_params),
    });
    const result = await update({ orgId, gatewayId: gateway.id, body });
    if (result.error) {
      const fields = fieldErrorsOf(problemOf(result.error));
      setServer({
        static_params: serverRowErrors(fields, 'static_params', rows.static_params.length),
        streaming_params: serverRowErrors(fields, 'streaming_params', rows.streaming_params.length),
      });
      notifyProblem(result.error);
      return;
    }
    const next = rowsOfGateway(result.data);
    setSaved(next);
    setRows(next);
    setTried(false);
    notifySuccess('Parameters saved');
  };

  const shown = (list: ParamList) => (tried ? merged(errors[list], server[list]) : (server[list] ?? []));

  return (
    <div className={classes.content}>
      <Stack gap="lg">
        <ParamTable
          list="streaming_params"
          rows={rows.streaming_params}
          errors={shown('streaming_params')}
          readOnly={!canManage}
          onChange={change('streaming_params')}
        />
        <ParamTable
          list="static_params"
          rows={rows.static_params}
          errors={shown('static_params')}
          readOnly={!canManage}
          onChange={change('static_params')}
        />
      </Stack>
      {canManage && (dirty || tried) && (
        <Group className={params.saveBar} justify="space-between" data-testid="params-save-bar">
          <Text size="sm" c="dimmed">
            {dirty ? 'Unsaved changes to the parameters.' : 'Nothing changed.'}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              disabled={isLoading}
              onClick={() => {
                setRows(saved);
                setTried(false);
                setServer({});
              }}
            >
              Discard
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={isLoading}
              onClick={save}
              disabled={!dirty}
            >
              Save parameters
            </Button>
          </Group>
        </Group>
      )}
    </div>
  );
}
