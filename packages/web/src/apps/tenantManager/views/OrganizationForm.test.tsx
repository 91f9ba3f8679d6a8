import { ORG_SLUG_HINT } from '@ferrite/contracts';
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, renderWithProviders } from '../../../ui/test-utils';
import { OrganizationForm } from './OrganizationForm';
import { orgFormBody, orgFormRules, orgFormValues, serverFieldErrors } from './orgForm';

// The live URL check is the server's; here it always answers "taken" for 'taken-org'.
vi.mock('../../../session/authApi', () => ({
  useValidateOrgUrlQuery: (url: string, { skip }: { skip: boolean }) =>
    skip
      ? { currentData: undefined, isFetching: false }
      : {
          currentData: {
            url,
            is_valid: true,
            is_available: url !== 'taken-org',
            message:
              url === 'taken-org'
                ? 'This organization URL is already taken'
                : 'This organization URL is available',
          },
          isFetching: false,
        },
}));

beforeAll(installDomShims);
afterEach(cleanup);

function Harness({ onValid }: { onValid: (values: unknown) => void }) {
  const form = useForm({ mode: 'controlled', initialValues: orgFormValues(), validate: orgFormRules });
  return (
    <form onSubmit={form.onSubmit(onValid)} noValidate>
      <OrganizationForm form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

const limit = (name: string) => screen.getByRole('textbox', { name });

describe('organization form', () => {
  it('shows the name and URL messages when submitted empty', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Harness onValid={onValid} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the organization name')).toBeInTheDocument();
    expect(screen.getByText(ORG_SLUG_HINT)).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('derives the URL from the name and rejects a malformed URL', async () => {
    renderWithProviders(<Harness onValid={vi.fn()} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Organization name/ }), {
      target: { value: 'Acme Foundry' },
    });
    const slug = screen.getByTestId('slug-input') as HTMLInputElement;
    expect(slug.value).toBe('acme-foundry');
    fireEvent.change(slug, { target: { value: '-bad' } });
    fireEvent.blur(slug);
    expect(await screen.findByText(ORG_SLUG_HINT)).toBeInTheDocument();
  });

  it('says when a limit is out of the contract bounds', async () => {
    renderWithProviders(<Harness onValid={vi.fn()} />);
    fireEvent.change(limit('Users'), { target: { value: '0' } });
    fireEvent.change(limit('Data retention (days)'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Between 1 and 100,000')).toBeInTheDocument();
    expect(screen.getByText('Between 1 and 3,650')).toBeInTheDocument();
  });

  it('shows a taken URL from the live check as the field error', async () => {
    renderWithProviders(<Harness onValid={vi.fn()} />);
    fireEvent.change(screen.getByTestId('slug-input'), { target: { value: 'taken-org' } });
    expect(
      await screen.findByText('This organization URL is already taken', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
  });

  it('submits the trimmed body with the apps in registry order', async () => {
    const onValid = vi.fn();
    renderWithProviders(<Harness onValid={onValid} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Organization name/ }), {
      target: { value: ' Acme ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalled());
    const body = orgFormBody(onValid.mock.calls[0]![0]);
    expect(body).toMatchObject({ name: 'Acme', slug: 'acme', limits: { users: 50, gateways: 100 } });
    expect(body.apps[0]).toBe('roleManager');
  });

  it('maps server errors onto fields, and a 409 onto the URL', () => {
    expect(
      serverFieldErrors({
        title: 'Invalid request',
        detail: '',
        status: 400,
        errors: [{ path: 'body.limits.users', message: 'Too small' }],
      }),
    ).toEqual({ 'limits.users': 'Too small' });
    expect(
      serverFieldErrors({
        title: 'Conflict',
        detail: 'This organization URL is already taken.',
        status: 409,
      }),
    ).toEqual({
      slug: 'This organization URL is already taken.',
    });
    expect(serverFieldErrors({ title: 'Not found', detail: 'No such org', status: 404 })).toBeNull();
  });
});
