import { DEFAULT_TEXT_SETTINGS, type TextSettings } from '@ferrite/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TextSettingsEditor } from './TextSettingsEditor';
import { installDomShims, renderWithProviders } from './test-utils';

beforeAll(installDomShims);
afterEach(cleanup);

let latest: TextSettings = DEFAULT_TEXT_SETTINGS;
function Harness() {
  const [value, setValue] = useState(DEFAULT_TEXT_SETTINGS);
  latest = value;
  return <TextSettingsEditor label="Title text" value={value} onChange={setValue} />;
}

describe('TextSettingsEditor (spec §3)', () => {
  it('starts on the defaults: left, no decoration, #495057, 14px', () => {
    renderWithProviders(<Harness />);
    expect((screen.getByLabelText('Font colour') as HTMLInputElement).value).toBe('#495057');
    expect((screen.getByRole('combobox', { name: 'Font size' }) as HTMLInputElement).value).toBe('14px');
    expect(screen.getByRole('checkbox', { name: 'Bold' })).not.toBeChecked();
  });

  it('sets alignment, decorations and size by keyboard and mouse', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Font size' }));
    fireEvent.click(await screen.findByRole('option', { name: '24px' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Centre' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bold' }));
    screen.getByRole('checkbox', { name: 'Underline' }).focus();
    await userEvent.keyboard(' ');
    expect(latest).toMatchObject({
      align: 'center',
      isBold: true,
      isUnderline: true,
      isItalic: false,
      fontSize: '24px',
    });
  });
});
