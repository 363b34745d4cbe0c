// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, findToast, renderPage, sentBody, stubFetch } from '@/test/render';

import { ADMIN_SESSION_QUERY_KEY } from '../api/admin-session';
import { ADMIN_LOGIN_REDIRECT_MS, AdminLoginForm } from './admin-login-form';

afterEach(() => {
  cleanup();
  closeToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const admin = { id: 'a1', username: 'e2e_admin' };

async function renderForm(reply: () => Response | Promise<Response>) {
  const fetchMock = stubFetch(reply);
  const onSignedIn = vi.fn();
  const page = await renderPage(<AdminLoginForm onSignedIn={onSignedIn} />);
  return {
    ...page,
    fetchMock,
    onSignedIn,
    username: screen.getByLabelText('Username') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement,
  };
}

describe('AdminLoginForm', () => {
  it('needs both fields, focuses the first missing one and sends nothing', async () => {
    const { user, username, password, submit, fetchMock } = await renderForm(() =>
      answer(200, admin),
    );
    await user.click(submit);
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(username);

    await user.type(username, '   ');
    await user.click(submit);
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');

    await user.clear(username);
    await user.type(username, 'e2e_admin');
    expect(username.getAttribute('aria-invalid')).toBeNull();
    await user.click(submit);
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(document.activeElement).toBe(password);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a refused sign-in in a toast: the server’s message or "Invalid credentials"', async () => {
    let reply = answer(401, { message: 'Wrong username or password' });
    const { user, username, password, submit, onSignedIn } = await renderForm(() => reply);
    await user.type(username, 'e2e_admin');
    await user.type(password, 'not the password');
    await user.click(submit);
    await findToast('Login failed');
    await findToast('Wrong username or password');

    reply = new Response('', { status: 500 });
    await user.click(submit);
    await findToast('Invalid credentials');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in: "Signing in..." while busy, then the toast, then the admin area after 100 ms', async () => {
    // The clock is the test's, so "100 ms" is exact. (Testing Library's async helpers wait on
    // real timers: this test uses fireEvent and flushes itself.)
    vi.useFakeTimers();
    let settle: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => (settle = resolve));
    const { username, password, submit, fetchMock, onSignedIn, queryClient } = await renderForm(
      () => answered,
    );
    fireEvent.change(username, { target: { value: ' e2e_admin ' } });
    fireEvent.change(password, { target: { value: 'a long admin password' } });
    fireEvent.click(submit);
    await act(() => vi.advanceTimersByTimeAsync(10));

    expect(submit.textContent).toBe('Signing in...');
    expect(submit.disabled).toBe(true);
    expect(sentBody(fetchMock, '/api/rtm-sys/login')).toEqual({
      username: 'e2e_admin',
      password: 'a long admin password',
    });

    settle(answer(200, admin));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getAllByText('Login successful').length).toBeGreaterThan(0);
    expect(queryClient.getQueryData(ADMIN_SESSION_QUERY_KEY)).toEqual(admin);
    // Signed in, the button stays disabled until the page moves on.
    expect(submit.textContent).toBe('Sign In');
    expect(submit.disabled).toBe(true);
    expect(onSignedIn).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(ADMIN_LOGIN_REDIRECT_MS));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });
});
