import type { DashboardDetail, DashboardReport } from '@ferrite/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { DASHBOARD_ID, dashboardFixture, fakeDashServer, PANEL_ID } from '../testing';
import { DetailHeader } from './DetailHeader';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SECOND_PANEL = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a21';
const REPORT_ID = '5b0f1f7e-4a55-4e1b-9d47-2b8e5f0c9a99';
const NOW = '2026-05-01T10:00:00.000Z';

function detail(): DashboardDetail {
  const panel = (id: string, name: string, order: number) => ({
    id,
    dashboard_id: DASHBOARD_ID,
    name,
    order,
    created_at: NOW,
    updated_at: NOW,
  });
  return {
    ...dashboardFixture({ panel_count: 2 }),
    panels: [panel(PANEL_ID, 'Overview', 0), panel(SECOND_PANEL, 'Pumps', 1)],
    exports: [],
    shared_with: 0,
  };
}

function madeReport(body: {
  format: 'pdf' | 'png';
  panel_id?: string;
  recipients: string[];
  from_date?: string;
  to_date?: string;
}): DashboardReport {
  return {
    id: REPORT_ID,
    dashboard_id: DASHBOARD_ID,
    panel_id: body.panel_id ?? PANEL_ID,
    format: body.format,
    filename: `Line 1 overview - Pumps - 2026-05-01.${body.format}`,
    url: `https://ferrite.example/api/dash_mgmt/reports/${REPORT_ID}/download?expires=1&signature=abc`,
    expires_at: '2026-05-08T10:00:00.000Z',
    from_date: body.from_date ?? null,
    to_date: body.to_date ?? null,
    size: 48_000,
    recipients: body.recipients,
    created_at: NOW,
  };
}

function renderHeader() {
  renderWithProviders(
    <DetailHeader
      heading={null}
      dashboard={detail()}
      can={() => true}
      editing={false}
      setEditing={() => {}}
      saveState="idle"
      liveStatus="live"
      onRefresh={() => {}}
      onShare={() => {}}
      onDetails={() => {}}
      onOpen={() => {}}
      onLeave={() => {}}
    />,
  );
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Dashboard menu' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Send as report' }));
  return screen.findByRole('dialog', { name: 'Send as report' });
}

describe('Send as report', () => {
  it('sends the chosen format, panel and recipients, then offers the download link', async () => {
    const bodies: unknown[] = [];
    fakeDashServer({
      [`POST /dashboards/${DASHBOARD_ID}/reports`]: (req) => {
        bodies.push(req.body);
        return { status: 201, body: madeReport(req.body as Parameters<typeof madeReport>[0]) };
      },
    });
    renderHeader();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByText('PNG image'));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Panel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pumps', hidden: true }));
    await userEvent.type(within(dialog).getByPlaceholderText('name@company.com'), 'ops@plant.test{enter}');
    const submit = within(dialog).getByRole('button', { name: 'Make report' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    const download = await within(dialog).findByRole('link', { name: 'Download PNG' });
    expect(bodies).toEqual([{ format: 'png', panel_id: SECOND_PANEL, recipients: ['ops@plant.test'] }]);
    expect(download).toHaveAttribute(
      'href',
      expect.stringContaining(`/reports/${REPORT_ID}/download?expires=`),
    );
    expect(within(dialog).getByText(/ready \(47 KB\)/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('report-recipients')).toHaveTextContent('Mailed to ops@plant.test.');
  });

  it("shows the server's reason when no report can be made", async () => {
    fakeDashServer({
      [`POST /dashboards/${DASHBOARD_ID}/reports`]: {
        status: 429,
        body: {
          title: 'Too many attempts',
          detail: 'An organization can make at most 10 reports a minute. Try again shortly.',
          status: 429,
        },
      },
    });
    renderHeader();
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Make report' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(dialog).findByTestId('report-problem')).toHaveTextContent(
      'An organization can make at most 10 reports a minute.',
    );
    expect(within(dialog).queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('holds back malformed e-mails before asking the server', async () => {
    const calls = fakeDashServer({}).calls;
    renderHeader();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByPlaceholderText('name@company.com'), 'not-mail{enter}');
    expect(await within(dialog).findByText(/Email must be valid: not-mail/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Make report' })).toBeDisabled();
    expect(calls.some((c) => c.path.endsWith('/reports'))).toBe(false);
  });

  it('sends a preset window and a message for the mail', async () => {
    const bodies: Record<string, unknown>[] = [];
    fakeDashServer({
      [`POST /dashboards/${DASHBOARD_ID}/reports`]: (req) => {
        const body = req.body as Record<string, unknown>;
        bodies.push(body);
        const made = madeReport({
          format: 'pdf',
          recipients: body.recipients as string[],
          from_date: '2026-04-24T10:00:00.000Z',
          to_date: '2026-05-01T10:00:00.000Z',
        });
        return { status: 201, body: made };
      },
    });
    renderHeader();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Data window' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 7 days', hidden: true }));
    // Presets need no dates.
    expect(within(dialog).queryByLabelText('From')).toBeNull();
    await userEvent.type(within(dialog).getByPlaceholderText('name@company.com'), 'ops@plant.test{enter}');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: '  Weekly numbers, see the pumps.  ' },
    });
    const submit = within(dialog).getByRole('button', { name: 'Make report' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    expect(await within(dialog).findByTestId('report-window')).toHaveTextContent(/^Data from .+ to .+\.$/);
    expect(bodies).toEqual([
      {
        format: 'pdf',
        panel_id: PANEL_ID,
        recipients: ['ops@plant.test'],
        range: 'last_7_days',
        message: 'Weekly numbers, see the pumps.',
      },
    ]);
  });

  it('checks a custom window and a long message before asking the server', async () => {
    const bodies: Record<string, unknown>[] = [];
    fakeDashServer({
      [`POST /dashboards/${DASHBOARD_ID}/reports`]: (req) => {
        bodies.push(req.body as Record<string, unknown>);
        return { status: 201, body: madeReport({ format: 'pdf', recipients: [] }) };
      },
    });
    renderHeader();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Data window' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom', hidden: true }));
    const from = within(dialog).getByLabelText('From');
    const to = within(dialog).getByLabelText('To');
    const submit = within(dialog).getByRole('button', { name: 'Make report' });
    // The last day is filled in, ready to adjust.
    await waitFor(() => expect(submit).toBeEnabled());

    fireEvent.change(from, { target: { value: '2026-03-02T08:00' } });
    fireEvent.change(to, { target: { value: '2026-03-01T08:00' } });
    expect(await within(dialog).findByText('From date must be before To date')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fireEvent.change(to, { target: { value: '2099-01-01T00:00' } });
    expect(await within(dialog).findByText('To date cannot be in the future')).toBeInTheDocument();
    fireEvent.change(from, { target: { value: '2024-01-01T08:00' } });
    fireEvent.change(to, { target: { value: '2025-06-01T08:00' } });
    expect(await within(dialog).findByText('The report window can be at most one year')).toBeInTheDocument();
    fireEvent.change(from, { target: { value: '' } });
    expect(await within(dialog).findByText('Please enter From date')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fireEvent.change(from, { target: { value: '2026-03-01T08:00' } });
    fireEvent.change(to, { target: { value: '2026-03-02T08:00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), {
      target: { value: 'x'.repeat(1001) },
    });
    expect(await within(dialog).findByText('Message can be at most 1000 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: '' } });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    await within(dialog).findByRole('link', { name: 'Download PDF' });
    expect(bodies).toEqual([
      {
        format: 'pdf',
        panel_id: PANEL_ID,
        recipients: [],
        range: 'custom',
        // The browser's time zone, sent as instants.
        from_date: new Date('2026-03-01T08:00').toISOString(),
        to_date: new Date('2026-03-02T08:00').toISOString(),
      },
    ]);
    expect(bodies.some((b) => 'message' in b)).toBe(false);
  });
});
