// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, sentBody, stubFetch } from '@/test/render';

import { ChangePasswordForm } from './change-password-form';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

async function renderForm(reply: () => Response) {
  const fetchMock = stubFetch(reply);
  const page = await renderPage(<ChangePasswordForm />);
  return {
    ...page,
    fetchMock,
    current: screen.getByLabelText('Current Password') as HTMLInputElement,
    next: screen.getByLabelText('New Password') as HTMLInputElement,
    confirm: screen.getByLabelText('Confirm New Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Update Password' }),
  };
}

describe('ChangePasswordForm', () => {
  it('answers the first problem next to its field and focuses that field', async () => {
    const { user, current, next, confirm, submit, fetchMock } = await renderForm(() =>
      answer(200, { success: true }),
    );

    await user.click(submit);
    const required = screen.getByText('Current password is required');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toBe(required.id);
    expect(document.activeElement).toBe(current);

    await user.type(current, 'old password 1');
    expect(screen.queryByText('Current password is required')).toBeNull();
    await user.type(next, 'short');
    await user.click(submit);
    const tooShort = screen.getByText('New password must be at least 8 characters');
    expect(document.activeElement).toBe(next);
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(next.getAttribute('aria-describedby')).toBe(`${tooShort.id} ${checklist.id}`);

    await user.type(next, ' enough');
    await user.click(submit);
    expect(screen.getByText('Please confirm your new password')).toBeTruthy();
    expect(document.activeElement).toBe(confirm);

    await user.type(confirm, 'something else');
    await user.click(submit);
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect(document.activeElement).toBe(confirm);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a refused change in a toast, with the server’s message or its own', async () => {
    let reply = answer(403, { message: 'Current password is wrong' });
    const { user, current, next, confirm, submit } = await renderForm(() => reply);
    await user.type(current, 'old password 1');
    await user.type(next, 'new password 2');
    await user.type(confirm, 'new password 2');
    await user.click(submit);
    await findToast('Failed to Update Password');
    await findToast('Current password is wrong');

    reply = new Response('', { status: 500 });
    await user.click(submit);
    await findToast('Current password is incorrect');
    // Nothing typed is lost.
    expect(current.value).toBe('old password 1');
  });

  it('sends both passwords, empties the form and says so in a banner', async () => {
    const { user, current, next, confirm, submit, fetchMock } = await renderForm(() =>
      answer(200, { success: true }),
    );
    await user.type(current, 'old password 1');
    await user.type(next, 'new password 2');
    await user.type(confirm, 'new password 2');
    await user.click(submit);

    await screen.findByTestId('success-banner');
    expect(screen.getByRole('status').textContent).toBe(
      'Password updated. Your other devices have been signed out.',
    );
    expect(sentBody(fetchMock, '/api/auth/update-password')).toEqual({
      currentPassword: 'old password 1',
      newPassword: 'new password 2',
    });
    expect([current.value, next.value, confirm.value]).toEqual(['', '', '']);

    // The next attempt takes the banner away, even before anything is sent.
    await user.click(submit);
    await waitFor(() => expect(screen.queryByTestId('success-banner')).toBeNull());
    expect(screen.getByText('Current password is required')).toBeTruthy();
  });
});
