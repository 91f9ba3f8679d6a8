import { Button, Menu, Modal } from '@mantine/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmDelete } from './confirm';
import { FormDrawer } from './FormDrawer';
import { installDomShims, renderWithProviders } from './test-utils';

beforeAll(installDomShims);
afterEach(cleanup);

/** An editor opened the way the list sections do it: the drawer remounts (new key) on every open. */
function KeyedEditor() {
  const [editor, setEditor] = useState({ key: 0, opened: false });
  return (
    <>
      <Button onClick={() => setEditor((e) => ({ key: e.key + 1, opened: true }))}>New project</Button>
      <FormDrawer
        key={editor.key}
        opened={editor.opened}
        onClose={() => setEditor((e) => ({ ...e, opened: false }))}
        title="New project"
        submitLabel="Create"
        onSubmit={() => {}}
      >
        <input aria-label="Name" data-autofocus />
      </FormDrawer>
    </>
  );
}

/** A row's actions menu whose Delete asks first, as ListPage rows do. */
function RowWithMenu() {
  return (
    <Menu>
      <Menu.Target>
        <Button>Actions for Pump 7</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void confirmDelete()}>Delete</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A dialog opened after its opener went away (a row removed while the user waited). */
function VanishingOpener() {
  const [shown, setShown] = useState(true);
  const [opened, setOpened] = useState(false);
  return (
    <section data-focus-scope tabIndex={-1} aria-label="Gateways">
      {shown && (
        <Button
          onClick={() => {
            setOpened(true);
            setShown(false);
          }}
        >
          Show token
        </Button>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Gateway token">
        <Button onClick={() => setOpened(false)}>Done</Button>
      </Modal>
    </section>
  );
}

describe('focus after a dialog closes', () => {
  it('returns to the button that opened a drawer remounted on every open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<KeyedEditor />);
    const opener = screen.getByRole('button', { name: 'New project' });
    await user.click(opener);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('returns to the menu button when a confirmation opened from its menu item closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RowWithMenu />);
    const menuButton = screen.getByRole('button', { name: 'Actions for Pump 7' });
    await user.click(menuButton);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to Delete?')).toBeNull());
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('lands on the area that held the opener when the opener is gone', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VanishingOpener />);
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('region', { name: 'Gateways' })).toHaveFocus());
  });
});
