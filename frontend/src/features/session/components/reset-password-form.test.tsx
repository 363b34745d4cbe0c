// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, sentBody, stubFetch } from '@/test/render';

import { SESSION_QUERY_KEY } from '../api/get-session';
import { RESET_REDIRECT_DELAY_MS, ResetPasswordForm } from './reset-password-form';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The reset answers `reset`; the session check that follows finds nobody signed in. */
async function renderReset(
  reset: () => Response,
  { token }: { token?: string } = { token: 'reset-token' },
) {
  const fetchMock = stubFetch((url) => (url === '/api/auth/session' ? answer(204, null) : reset()));
  const onDone = vi.fn();
  const page = await renderPage(<ResetPasswordForm token={token} onDone={onDone} />);
  return { ...page, fetchMock, onDone };
}

function fields() {
  return {
    password: screen.getByLabelText('New Password') as HTMLInputElement,
    confirm: screen.getByLabelText('Confirm New Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Reset Password' }),
  };
}

describe('ResetPasswordForm', () => {
  it('says the link is invalid without a token', async () => {
    await renderReset(() => answer(200, { success: true }), {});

    screen.getByRole('heading', { level: 1, name: 'Invalid Link' });
    expect(screen.getByRole('link', { name: 'Request New Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('answers one problem at a time above the fields, gone when a field changes', async () => {
    const { user, fetchMock } = await renderReset(() => answer(200, { success: true }));
    const { password, confirm, submit } = fields();

    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields');
    expect(password.getAttribute('aria-invalid')).toBeNull();

    await user.type(password, 'short');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(confirm, 'shorter');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');

    await user.clear(confirm);
    await user.type(confirm, 'short');
    await user.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 8 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s message, or its own wording without one', async () => {
    let reply = answer(400, { message: 'This reset link has expired. Please request a new one.' });
    const { user } = await renderReset(() => reply);
    const { password, confirm, submit } = fields();
    await user.type(password, 'new password 2');
    await user.type(confirm, 'new password 2');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This reset link has expired. Please request a new one.',
    );

    reply = new Response('', { status: 500 });
    await user.click(submit);
    await screen.findByText('Failed to reset password');
  });

  it('sends the token and password, then moves on to the login page after 2 s', async () => {
    // The clock is the test's, so "2 s" is exact however slow the machine is. (Testing
    // Library's async helpers wait on real timers: this test uses fireEvent and flushes itself.)
    vi.useFakeTimers();
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/session' ? answer(204, null) : answer(200, { success: true }),
    );
    const onDone = vi.fn();
    const { queryClient } = await renderPage(
      <ResetPasswordForm token="reset-token" onDone={onDone} />,
    );
    queryClient.setQueryData(SESSION_QUERY_KEY, { id: 'u1' });
    const { password, confirm, submit } = fields();
    fireEvent.change(password, { target: { value: 'new password 2' } });
    fireEvent.change(confirm, { target: { value: 'new password 2' } });
    fireEvent.click(submit);
    await act(() => vi.advanceTimersByTimeAsync(10));

    const title = screen.getByRole('heading', { level: 1, name: 'Password Reset!' });
    expect(document.activeElement).toBe(title);
    expect(sentBody(fetchMock, '/api/auth/reset-password')).toEqual({
      token: 'reset-token',
      password: 'new password 2',
    });
    // The reset ended this browser's session too: the screens show nobody signed in.
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(RESET_REDIRECT_DELAY_MS - 100));
    expect(onDone).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
