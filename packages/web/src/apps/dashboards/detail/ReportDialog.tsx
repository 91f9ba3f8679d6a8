/**
 * "Send as report" (the dashboard menu): pick a format, a panel, the data window and optionally people to
 * mail it to with a message; the server draws the panel and answers a signed download link, offered here
 * once the report is made.
 */
import {
  DASHBOARD_REPORT_MAX_RECIPIENTS,
  DASHBOARD_REPORT_MESSAGE_MAX,
  type DashboardDetail,
  type DashboardReport,
  type DashboardReportFormat,
  EMAIL_HINT,
  isValidEmail,
} from '@ferrite/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { IconDownload, IconFileReport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTimes } from '../../../ui/time';
import { useSendReportMutation } from '../api/reportsApi';
import { fieldErrorsOf, problemOf, useOrgId } from '../hooks';
import { initialWindow, ReportWindowFields, windowBody, windowErrors } from './ReportWindowFields';

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1048576).toFixed(1)} MB`;
}

/** The report made: its download link and who was mailed. */
function ReportReady({
  report,
  onAgain,
  onClose,
}: {
  report: DashboardReport;
  onAgain: () => void;
  onClose: () => void;
}) {
  const times = useTimes();
  return (
    <Stack gap="md">
      <Text size="sm">
        Your {report.format.toUpperCase()} report is ready ({sizeText(report.size)}). The link works until{' '}
        {times.dateTime(report.expires_at)}.
      </Text>
      {report.to_date ? (
        <Text size="sm" c="dimmed" data-testid="report-window">
          {report.from_date
            ? `Data from ${times.dateTime(report.from_date)} to ${times.dateTime(report.to_date)}.`
            : `Each widget's own period up to ${times.dateTime(report.to_date)}.`}
        </Text>
      ) : null}
      {report.recipients.length > 0 ? (
        <Text size="sm" c="dimmed" data-testid="report-recipients">
          Mailed to {report.recipients.join(', ')}.
        </Text>
      ) : null}
      <Group justify="space-between">
        <Button variant="subtle" onClick={onAgain}>
          Make another
        </Button>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            component="a"
            href={report.url}
            download={report.filename}
            target="_blank"
            rel="noopener"
            leftSection={<IconDownload size={16} />}
          >
            Download {report.format.toUpperCase()}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** The form, then the link. */
function ReportForm({ dashboard, onClose }: { dashboard: DashboardDetail; onClose: () => void }) {
  const orgId = useOrgId();
  const [send, state] = useSendReportMutation();
  const [format, setFormat] = useState<DashboardReportFormat>('pdf');
  const [panelId, setPanelId] = useState<string | null>(dashboard.panels[0]?.id ?? null);
  const [recipients, setRecipients] = useState<string[]>([]);
  const [dataWindow, setDataWindow] = useState(initialWindow);
  const [message, setMessage] = useState('');
  const [report, setReport] = useState<DashboardReport | null>(null);
  const bad = recipients.filter((e) => !isValidEmail(e));
  const tooMany = recipients.length > DASHBOARD_REPORT_MAX_RECIPIENTS;
  const problem = state.error ? problemOf(state.error) : null;
  const checks = windowErrors({ ...windowBody(dataWindow), message });
  // The dialog's own checks first; the server's answer for what only it can tell.
  const errors = { ...fieldErrorsOf(problem), ...checks };

  if (report) {
    return (
      <ReportReady
        report={report}
        onClose={onClose}
        onAgain={() => {
          setReport(null);
          state.reset();
        }}
      />
    );
  }
  if (dashboard.panels.length === 0) {
    return <Text size="sm">This dashboard has no panels to report yet.</Text>;
  }
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const body = {
          format,
          recipients,
          ...(panelId ? { panel_id: panelId } : {}),
          ...windowBody(dataWindow),
          ...(message.trim() ? { message: message.trim() } : {}),
        };
        const answer = await send({ orgId, dashboardId: dashboard.id, body });
        if ('data' in answer && answer.data) setReport(answer.data);
      }}
    >
      <Stack gap="md">
        <div>
          <Text size="sm" fw={500} mb={6}>
            Format
          </Text>
          <SegmentedControl
            aria-label="Format"
            value={format}
            onChange={(value) => setFormat(value as DashboardReportFormat)}
            data={[
              { value: 'pdf', label: 'PDF' },
              { value: 'png', label: 'PNG image' },
            ]}
          />
        </div>
        <Select
          label="Panel"
          data={dashboard.panels.map((p) => ({ value: p.id, label: p.name }))}
          value={panelId}
          onChange={setPanelId}
          allowDeselect={false}
          error={errors.panel_id}
          comboboxProps={{ withinPortal: true }}
        />
        <ReportWindowFields value={dataWindow} onChange={setDataWindow} errors={errors} />
        <TagsInput
          label="E-mail it to"
          description={`Optional, up to ${DASHBOARD_REPORT_MAX_RECIPIENTS} people; press Enter after each`}
          placeholder="name@company.com"
          value={recipients}
          onChange={(next) => setRecipients(next.map((e) => e.trim()).filter(Boolean))}
          splitChars={[',', ' ', ';']}
          error={
            bad.length > 0
              ? `${EMAIL_HINT}: ${bad.join(', ')}`
              : tooMany
                ? `At most ${DASHBOARD_REPORT_MAX_RECIPIENTS} people`
                : errors.recipients
          }
          clearable
        />
        <Textarea
          label="Message"
          description={`Optional, put in the e-mail above the download link (${message.length}/${DASHBOARD_REPORT_MESSAGE_MAX})`}
          placeholder="Here are this week's numbers."
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          error={errors.message}
          autosize
          minRows={2}
          maxRows={6}
        />
        {problem && !problem.errors?.length ? (
          <Alert color="red" variant="light" title={problem.title} data-testid="report-problem">
            {problem.detail}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={state.isLoading}
            disabled={!orgId || bad.length > 0 || tooMany || Object.keys(checks).length > 0}
            leftSection={<IconFileReport size={16} />}
          >
            Make report
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The modal. */
export function ReportDialog({
  dashboard,
  opened,
  onClose,
}: {
  dashboard: DashboardDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Send as report" radius="lg" keepMounted={false}>
      <ReportForm dashboard={dashboard} onClose={onClose} />
    </Modal>
  );
}
