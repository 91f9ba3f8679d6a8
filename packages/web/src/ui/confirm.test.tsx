import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmAction, confirmArchive, confirmDelete } from './confirm';
import { installDomShims, renderWithProviders } from './test-utils';

beforeAll(installDomShims);
afterEach(cleanup);

describe('confirmAction', () => {
  it('resolves true when the user confirms', async () => {
    renderWithProviders(<div />);
    const answer = confirmAction({ message: 'Approve this request?', confirmLabel: 'Approve' });
    expect(await screen.findByText('Approve this request?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on Cancel', async () => {
    renderWithProviders(<div />);
    const answer = confirmDelete();
    expect(await screen.findByText('Are you sure you want to Delete?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('uses the spec text for archive and resolves false when closed with Escape', async () => {
    renderWithProviders(<div />);
    const answer = confirmArchive('Archive');
    const message = await screen.findByText('Are you sure you want to Archive?');
    fireEvent.keyDown(message, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
  });

  it('names unarchive too', async () => {
    renderWithProviders(<div />);
    const answer = confirmArchive('Unarchive');
    expect(await screen.findByText('Are you sure you want to Unarchive?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unarchive' }));
    await expect(answer).resolves.toBe(true);
  });
});
