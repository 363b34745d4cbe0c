// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DeleteAccountDialog } from './delete-account-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function openDialog(reply: () => Response) {
  const fetch = vi.fn(async () => reply());
  vi.stubGlobal('fetch', fetch);
  const onDeleted = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DeleteAccountDialog onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return {
    fetch,
    onDeleted,
    user,
    dialog,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    confirm: screen.getByRole('button', { name: 'Delete my account' }),
  };
}

describe('DeleteAccountDialog', () => {
  it('asks for the password before anything is sent', async () => {
    const { user, password, confirm, fetch, onDeleted } = await openDialog(() =>
      answer(200, { success: true }),
    );
    await user.click(confirm);
    expect(screen.getByText('Please enter your password to delete your account')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(fetch).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('shows the server’s message for a wrong password and stays open', async () => {
    const { user, password, confirm, dialog, onDeleted } = await openDialog(() =>
      answer(403, { message: 'Password is incorrect' }),
    );
    await user.type(password, 'not my password');
    await user.click(confirm);
    await screen.findByText('Password is incorrect');
    expect(dialog.isConnected).toBe(true);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('drops the error as the password changes, and opens empty again after closing', async () => {
    const { user, password, confirm } = await openDialog(() =>
      answer(403, { message: 'Password is incorrect' }),
    );
    await user.type(password, 'not my password');
    await user.click(confirm);
    await screen.findByText('Password is incorrect');
    await user.type(password, '!');
    expect(screen.queryByText('Password is incorrect')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const reopened = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(reopened.value).toBe('');
  });

  it('says to try again when the server fails', async () => {
    const { user, password, confirm } = await openDialog(() =>
      answer(500, { message: 'Something went wrong on our side. Please try again.' }),
    );
    await user.type(password, 'my password 1');
    await user.click(confirm);
    await screen.findByText('Could not delete your account. Please try again.');
  });

  it('sends the password and hands over once the account is deleted', async () => {
    const { user, password, confirm, fetch, onDeleted } = await openDialog(() =>
      answer(200, { success: true }),
    );
    await user.type(password, 'my password 1');
    await user.click(confirm);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith(
      '/api/user',
      expect.objectContaining({
        method: 'DELETE',
        body: JSON.stringify({ password: 'my password 1' }),
        credentials: 'include',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
