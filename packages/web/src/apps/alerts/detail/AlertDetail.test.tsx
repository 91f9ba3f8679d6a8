import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { alertFixture, fakeAlertsServer } from '../testing';
import { AlertDetail } from './AlertDetail';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });
beforeAll(() => {
  installDomShims();
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alert = alertFixture({ description: 'Bearing at 91 °C' });
const timeline = {
  events: [
    { id: 'e1', at: '2026-01-01T10:00:00Z', kind: 'fired', actor: null, text: 'Fired: temperature = 91' },
    {
      id: 'e2',
      at: '2026-01-01T10:05:00Z',
      kind: 'comment',
      actor: { id: alert.id, name: 'Ada Admin' },
      text: 'Checking the pump',
    },
  ],
  notifications: [
    {
      id: '00000000-0000-4000-8000-00000000aaaa',
      medium: 'sms',
      recipient: '+4915112345678',
      status: 'failed',
      attempts: 3,
      last_error: 'Provider answered 503',
      round: 0,
      step: 1,
      created_at: '2026-01-01T10:00:01Z',
      sent_at: null,
    },
  ],
};

function serve() {
  return fakeAlertsServer({
    [`GET /alert/${alert.id}`]: { status: 200, body: alert },
    [`GET /alert/${alert.id}/timeline`]: { status: 200, body: timeline },
    [`POST /alert/${alert.id}/acknowledge`]: { status: 200, body: { ...alert, status: 'acknowledged' } },
    [`PUT /alert/${alert.id}`]: (req) => ({ status: 200, body: { ...alert, ...(req.body as object) } }),
    [`POST /alert/${alert.id}/comments`]: { status: 201, body: {} },
  });
}

const renderDetail = () =>
  renderWithProviders(
    <AlertDetail alertId={alert.id} backLabel="My Inbox" onBack={vi.fn()} onEditRule={vi.fn()} />,
  );

describe('the alert detail', () => {
  it('shows the alert, its comments and its timeline with each delivery', async () => {
    serve();
    renderDetail();
    expect(await screen.findByTestId('alert-title')).toHaveTextContent('Bearing too hot');
    expect(screen.getByText('Bearing at 91 °C')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[data-comment]')).toHaveTextContent('Checking the pump'),
    );
    expect(screen.getByText('SMS to +4915112345678')).toBeInTheDocument();
    expect(document.querySelector('[data-delivery="failed"]')).toHaveTextContent('failed');
    expect(screen.getByText(/3 attempts · Provider answered 503/)).toBeInTheDocument();
    expect(screen.getByText('escalation 1')).toBeInTheDocument();
  });

  it('acknowledges, snoozes and comments', async () => {
    const { calls } = serve();
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/acknowledge'))).toBe(true));
    expect(
      await screen.findByText('Acknowledged', { selector: '[data-status] *, [data-status]' }),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '4 hours' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')?.body as { snoozed_until: string } | undefined;
    const until = Date.parse(put?.snoozed_until ?? '');
    expect(until - Date.now()).toBeGreaterThan(4 * 3_600_000 - 60_000);

    fireEvent.change(screen.getByRole('textbox', { name: 'New comment' }), {
      target: { value: 'Swapped the bearing' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/comments'))?.body).toEqual({ text: 'Swapped the bearing' }),
    );
  });
});
