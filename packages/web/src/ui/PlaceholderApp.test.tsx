import { IconBellRinging } from '@tabler/icons-react';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlaceholderApp } from './PlaceholderApp';
import { installDomShims, renderWithProviders } from './test-utils';

beforeAll(installDomShims);
afterEach(cleanup);

const PLANS = { inbox: 'Will list the alerts raised for you.' };

function renderAlerts(section: string, onNavigate = vi.fn()) {
  renderWithProviders(
    <PlaceholderApp
      appKey="alerts"
      icon={IconBellRinging}
      color="red"
      highlights={['Rules on live data conditions']}
      plans={PLANS}
      section={section}
      onNavigate={onNavigate}
    />,
  );
  return onNavigate;
}

describe('PlaceholderApp', () => {
  it('says on its home that the app is coming soon and lists its plans without check marks', () => {
    const onNavigate = renderAlerts('alerts');
    expect(screen.getByTestId('coming-soon')).toHaveTextContent('Coming soon');
    expect(screen.queryByText('Being built')).toBeNull();
    expect(screen.getByText('What Alerts will do')).toBeInTheDocument();
    expect(screen.getByText(/Alerts is not built yet/)).toBeInTheDocument();
    const plans = screen.getByTestId('app-plans');
    expect(within(plans).getByText('Rules on live data conditions')).toBeInTheDocument();
    // A check mark reads as "done": the plans carry none.
    expect(plans.querySelector('.tabler-icon-check')).toBeNull();

    // The section card says what the section will do, and leads there.
    const inbox = document.querySelector<HTMLElement>('[data-section-link="inbox"]')!;
    expect(within(inbox).getByText(PLANS.inbox)).toBeInTheDocument();
    fireEvent.click(inbox);
    expect(onNavigate).toHaveBeenCalledWith('inbox');
  });

  it('says a section is coming and what it will do, instead of an empty list', () => {
    renderAlerts('inbox');
    expect(screen.getByText('Inbox is coming soon')).toBeInTheDocument();
    expect(screen.getByText(PLANS.inbox)).toBeInTheDocument();
    expect(screen.queryByText(/is empty|Nothing to show/)).toBeNull();
  });

  it('says a section without a written plan is not built yet', () => {
    renderAlerts('logs');
    expect(screen.getByText('Logs is coming soon')).toBeInTheDocument();
    expect(screen.getByText('This part of Alerts is not built yet.')).toBeInTheDocument();
  });
});
