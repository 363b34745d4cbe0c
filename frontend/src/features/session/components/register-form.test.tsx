// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, sentBody, stubFetch } from '@/test/render';

import { SESSION_QUERY_KEY } from '../api/get-session';
import { signedInUser } from '../test-fixtures';
import { RegisterForm } from './register-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderRegister(
  reply: (url: string) => Response,
  onRegistered?: (email: string) => void,
) {
  const fetchMock = stubFetch(reply);
  const page = await renderPage(<RegisterForm onRegistered={onRegistered} />);
  return {
    ...page,
    fetchMock,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    confirm: screen.getByLabelText('Confirm Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement,
  };
}

const checklist = () => screen.getByRole('list', { name: 'Password requirements' });

describe('RegisterForm', () => {
  it('keeps the button disabled until the form is valid, with a live checklist', async () => {
    const { user, email, password, confirm, submit } = await renderRegister(() =>
      answer(201, signedInUser),
    );
    expect(submit.disabled).toBe(true);
    expect(within(checklist()).getAllByText('(not yet)')).toHaveLength(2);
    expect(password.getAttribute('aria-describedby')).toBe(checklist().id);

    await user.type(email, 'ann@example.com');
    await user.type(password, 'long enough');
    expect(within(checklist()).getAllByText('(done)')).toHaveLength(1);
    expect(submit.disabled).toBe(true);

    await user.type(confirm, 'long enough');
    expect(within(checklist()).getAllByText('(done)')).toHaveLength(2);
    expect(submit.disabled).toBe(false);
  });

  it('names an email that cannot be one, focuses it and sends nothing', async () => {
    const { user, email, password, confirm, submit, fetchMock } = await renderRegister(() =>
      answer(201, signedInUser),
    );
    await user.type(email, 'ann@example');
    await user.type(password, 'long enough');
    await user.type(confirm, 'long enough');
    await user.click(submit);

    const message = screen.getByText('Please enter a valid email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(email, '.com');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('shows the server’s message, or "Registration failed" without one', async () => {
    let reply = answer(400, {
      message: 'This password is too common. Choose one that is harder to guess.',
    });
    const { user, email, password, confirm, submit } = await renderRegister(() => reply);
    await user.type(email, 'ann@example.com');
    await user.type(password, 'long enough');
    await user.type(confirm, 'long enough');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is too common. Choose one that is harder to guess.',
    );

    reply = new Response('', { status: 500, statusText: 'Internal Server Error' });
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Registration failed'));
  });

  it('signs the new account in, says to check the mail and offers a new link', async () => {
    let resendReply = answer(200, {
      message: 'If an account exists, a verification email has been sent.',
    });
    const { user, email, password, confirm, submit, fetchMock, queryClient } = await renderRegister(
      (url) => (url.endsWith('/resend-verification') ? resendReply : answer(201, signedInUser)),
    );
    await user.type(email, ' ann@example.com ');
    await user.type(password, 'long enough');
    await user.type(confirm, 'long enough');
    await user.click(submit);

    const title = await screen.findByRole('heading', { level: 1, name: 'Check Your Email!' });
    expect(document.activeElement).toBe(title);
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    // Signed in already: nothing to log in to.
    expect(screen.queryByRole('link', { name: 'Go to Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(sentBody(fetchMock, '/api/auth/register')).toEqual({
      email: 'ann@example.com',
      password: 'long enough',
    });
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(signedInUser);

    const resend = screen.getByRole('button', { name: 'Resend verification email' });
    await user.click(resend);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'A new verification link is on its way to ann@example.com. It works for 48 hours.',
      ),
    );
    expect(sentBody(fetchMock, '/api/auth/resend-verification')).toEqual({
      email: 'ann@example.com',
    });

    const limit = 'Too many email requests from your connection. Please try again in 12 minutes.';
    resendReply = answer(429, { message: limit });
    await user.click(resend);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(limit));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('lets the page take over after registering when it asks to', async () => {
    const onRegistered = vi.fn();
    const { user, email, password, confirm, submit } = await renderRegister(
      () => answer(201, signedInUser),
      onRegistered,
    );
    await user.type(email, 'ann@example.com');
    await user.type(password, 'long enough');
    await user.type(confirm, 'long enough');
    await user.click(submit);

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith('ann@example.com'));
    expect(screen.queryByRole('heading', { name: 'Check Your Email!' })).toBeNull();
  });
});
