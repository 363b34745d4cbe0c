// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, sentBody, stubFetch } from '@/test/render';

import { SESSION_QUERY_KEY } from '../api/get-session';
import { signedInUser as user } from '../test-fixtures';
import { LoginForm } from './login-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderLogin(reply: () => Response | Promise<Response>) {
  const fetchMock = stubFetch(reply);
  const onSignedIn = vi.fn();
  const page = await renderPage(<LoginForm onSignedIn={onSignedIn} />);
  return {
    ...page,
    fetchMock,
    onSignedIn,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Log In' }),
  };
}

describe('LoginForm', () => {
  it('names every missing field, focuses the first and sends nothing', async () => {
    const {
      user: person,
      email,
      password,
      submit,
      fetchMock,
    } = await renderLogin(() => answer(200, user));
    await person.click(submit);

    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ties each message to its field and drops it as soon as the field changes', async () => {
    const { user: person, email, password, submit } = await renderLogin(() => answer(200, user));
    await person.click(submit);
    const message = screen.getByText('Password is required');
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);

    await person.type(password, 'x');

    expect(screen.queryByText('Password is required')).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-describedby')).toBeNull();
    // The other field keeps its own message.
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('focuses the password when only the password is wrong', async () => {
    const { user: person, email, password, submit } = await renderLogin(() => answer(200, user));
    await person.type(email, 'ann@example.com');
    await person.type(password, 'short');
    await person.click(submit);

    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(document.activeElement).toBe(password);
  });

  it('shows the server’s message and keeps it while the visitor corrects the form', async () => {
    const {
      user: person,
      email,
      password,
      submit,
      onSignedIn,
    } = await renderLogin(() => answer(401, { message: 'Invalid email or password' }));
    await person.type(email, 'ann@example.com');
    await person.type(password, 'wrong password');
    await person.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Invalid email or password');
    await person.type(password, '1');
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says "Login failed" when the server gives no message', async () => {
    const {
      user: person,
      email,
      password,
      submit,
    } = await renderLogin(() => new Response('Bad Gateway', { status: 502 }));
    await person.type(email, 'ann@example.com');
    await person.type(password, 'long enough');
    await person.click(submit);

    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('sends the trimmed email, signs the user in and hands over', async () => {
    const {
      user: person,
      email,
      password,
      submit,
      fetchMock,
      onSignedIn,
      queryClient,
    } = await renderLogin(() => answer(200, user));
    await person.type(email, '  ann@example.com ');
    await person.type(password, 'long enough');
    await person.click(submit);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn.mock.calls[0]?.[0]).toEqual(user);
    expect(sentBody(fetchMock, '/api/auth/login')).toEqual({
      email: 'ann@example.com',
      password: 'long enough',
    });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(user);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is busy while the server answers, and a second submit sends nothing more', async () => {
    let settle: (response: Response) => void = () => {};
    const answered = new Promise<Response>((resolve) => (settle = resolve));
    const { user: person, email, password, submit, fetchMock } = await renderLogin(() => answered);
    await person.type(email, 'ann@example.com');
    await person.type(password, 'long enough');
    await person.click(submit);

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await person.type(password, '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    settle(answer(200, user));
    await screen.findByRole('button', { name: 'Log In' });
  });
});
