import type { AlertListResponse } from '@ferrite/contracts';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { ALERTS_ALL, alertFixture, fakeAlertsServer, meWith } from '../testing';
import { Inbox } from './Inbox';

vi.setConfig({ testTimeout: 20_000 });
// The machine is shared: the first render of a page may take longer than the default second.
configure({ asyncUtilTimeout: 8_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const hot = alertFixture({ description: 'Bearing at 91 °C' });
const acked = alertFixture({ status: 'acknowledged', severity: 'minor', description: 'Flow low' });

function page(): AlertListResponse {
  return {
    alerts: [hot, acked],
    total_entries: 2,
    counts: { active: 2, archived: 4 },
    abilities: ALERTS_ALL,
  };
}

describe('My Inbox', () => {
  it('lists alerts with severity, status and entity, and the Active/Archived counts', async () => {
    fakeAlertsServer({ 'GET /alert': { status: 200, body: page() } });
    renderWithProviders(<Inbox onOpen={vi.fn()} />);
    expect(await screen.findByText('Bearing at 91 °C')).toBeInTheDocument();
    expect(screen.getByText('Flow low')).toBeInTheDocument();
    expect(screen.getByTestId('tab-count-active')).toHaveTextContent('2');
    expect(screen.getByTestId('tab-count-archived')).toHaveTextContent('4');
    expect(screen.getAllByText('Critical').length).toBeGreaterThan(0);
    expect(document.querySelector('[data-status="acknowledged"]')).toHaveTextContent('Acknowledged');
    expect(screen.getAllByText('P-101 bearing').length).toBeGreaterThan(0);
  });

  it('sends the filters and acknowledges the selected active alerts at once', async () => {
    const { calls } = fakeAlertsServer({
      'GET /alert': { status: 200, body: page() },
      'POST /alert/acknowledge': { status: 200, body: { changed: 1 } },
    });
    renderWithProviders(<Inbox onOpen={vi.fn()} initialSeverity={['critical']} />);
    await screen.findByText('Bearing at 91 °C');
    const list = calls.find((c) => c.path.endsWith('/alert'));
    expect(new URL(list?.url ?? '').searchParams.get('severity')).toBe('critical');
    // The acknowledged alert cannot be selected; the active one can.
    const [activeBox, ackedBox] = screen.getAllByRole('checkbox', { name: 'Select Bearing too hot' });
    expect(activeBox).toBeEnabled();
    expect(ackedBox).toBeDisabled();
    fireEvent.click(activeBox!);
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge 1' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/alert/acknowledge'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/alert/acknowledge'))?.body).toEqual({ ids: [hot.id] });
  });

  it('opens an alert from its row', async () => {
    fakeAlertsServer({ 'GET /alert': { status: 200, body: page() } });
    const onOpen = vi.fn();
    renderWithProviders(<Inbox onOpen={onOpen} />);
    fireEvent.click(await screen.findByText('Flow low'));
    expect(onOpen).toHaveBeenCalledWith(acked.id);
  });

  it('stays silent when the alerts cannot be read: the quiet empty state, no error toast', async () => {
    fakeAlertsServer(
      { 'GET /alert': { status: 500, body: { title: 'Boom', status: 500 } } },
      meWith(ALERTS_ALL),
    );
    renderWithProviders(<Inbox onOpen={vi.fn()} />);
    await waitFor(() => expect(screen.getByText('No alerts — everything is quiet')).toBeInTheDocument());
    expect(screen.queryByText(/went wrong|Boom|server/i)).not.toBeInTheDocument();
  });
});
