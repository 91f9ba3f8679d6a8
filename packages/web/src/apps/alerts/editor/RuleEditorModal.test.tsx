import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { fakeAlertsServer } from '../testing';
import { RuleEditorModal } from './RuleEditorModal';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });
beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The inputs labelled so (Autocomplete labels its listbox too). */
const inputs = (label: string) => screen.getAllByLabelText(label).filter((el) => el.tagName === 'INPUT');

describe('the rule editor', () => {
  it('builds the condition visually and says it in words', async () => {
    fakeAlertsServer({});
    renderWithProviders(<RuleEditorModal ruleId={null} onClose={vi.fn()} />);
    const summary = await screen.findByTestId('condition-summary');
    fireEvent.change(inputs('Parameter')[0]!, {
      target: { value: 'temperature' },
    });
    fireEvent.change(inputs('Threshold')[0]!, { target: { value: '80' } });
    await waitFor(() => expect(summary).toHaveTextContent('Fires when temperature > 80'));
    fireEvent.click(screen.getByRole('radio', { name: 'ANY of (OR)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Condition' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'No data' }));
    const params = inputs('Parameter');
    fireEvent.change(params[1]!, { target: { value: 'vibration' } });
    await waitFor(() => expect(summary).toHaveTextContent('temperature > 80 or no vibration for 10 min'));
  });

  it('shows the server’s field errors on their fields and in a list', async () => {
    const { calls } = fakeAlertsServer({
      'POST /rules': {
        status: 400,
        body: {
          title: 'Invalid request',
          status: 400,
          errors: [
            { path: 'body.rule_name', message: 'Please enter a rule name' },
            { path: 'body.data.condition.conditions.0.value', message: 'Threshold must be a finite number' },
          ],
        },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<RuleEditorModal ruleId={null} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create rule' }));
    const list = await screen.findByTestId('rule-errors');
    expect(within(list).getByText('Please check the highlighted fields')).toBeInTheDocument();
    expect(screen.getAllByText(/Please enter a rule name/).length).toBe(2);
    expect(screen.getAllByText(/Threshold must be a finite number/).length).toBe(2);
    expect(onClose).not.toHaveBeenCalled();
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/rules'))?.body as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      severity: 'major',
      media: ['in_app'],
      data: { for_s: 0, clear: { kind: 'inverse' } },
    });
  });
});
