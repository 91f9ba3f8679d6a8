import type { WidgetInstance, WidgetInstanceDataResponse } from '@ferrite/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoomStatus } from '../../app/socket';
import { installDomShims, renderWithProviders } from '../../ui/test-utils';
import { ReadHealth, useReadSummary } from '../canvas/readHealth';
import { instanceFixture, PANEL_ID } from '../canvas/testing';
import { LiveBadge } from './LiveBadge';

beforeAll(installDomShims);
afterEach(cleanup);

const widget = (id: string): WidgetInstance => instanceFixture('kpi.basic', 'power', { id });

/** A read that fails for the widgets named, as the server's 400 problem would. */
function reads(failing: ReadonlySet<string>) {
  const health = new ReadHealth();
  const read = health.track(async (instance: WidgetInstance, _query: unknown) => {
    if (failing.has(instance.id))
      throw { status: 400, title: 'Too many buckets', detail: 'The window holds more than 5000 buckets' };
    return {} as WidgetInstanceDataResponse;
  });
  return { health, read };
}

function Badge({ health, status }: { health: ReadHealth; status: RoomStatus }) {
  return <LiveBadge status={status} reads={useReadSummary(health, PANEL_ID)} />;
}

const badge = () => screen.getByText(/live|offline/i, { selector: 'p' }).closest('[data-live-status]');

describe('the live badge', () => {
  it('says "Partly live" with the reason when some widgets cannot be read', async () => {
    const { health, read } = reads(new Set(['w2']));
    renderWithProviders(<Badge health={health} status="live" />);
    expect(screen.getByText('Live')).toBeInTheDocument();
    await act(async () => {
      await read(widget('w1'), null);
      await read(widget('w2'), null).catch(() => undefined);
    });
    expect(screen.getByText('Partly live')).toBeInTheDocument();
    expect(badge()).toHaveAttribute('aria-label', expect.stringContaining('1 widget of 2 could not be read'));
    expect(badge()).toHaveAttribute('aria-label', expect.stringContaining('5000 buckets'));
  });

  it('says "Offline" when no widget can be read, and green again once they read', async () => {
    const failing = new Set(['w1']);
    const { health, read } = reads(failing);
    renderWithProviders(<Badge health={health} status="live" />);
    await act(async () => {
      await read(widget('w1'), null).catch(() => undefined);
    });
    expect(screen.getByText('Offline')).toBeInTheDocument();
    failing.clear();
    await act(async () => {
      await read(widget('w1'), null);
    });
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('says "Offline", not a reassuring word, while the socket is down', () => {
    renderWithProviders(<Badge health={new ReadHealth()} status="offline" />);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(badge()).toHaveAttribute('aria-label', expect.stringContaining('not updating'));
  });
});
