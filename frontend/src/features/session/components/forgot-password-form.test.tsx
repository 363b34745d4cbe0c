// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, sentBody, stubFetch } from '@/test/render';

import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderForgot(reply: () => Response) {
  const fetchMock = stubFetch(reply);
  const page = await renderPage(<ForgotPasswordForm />);
  return {
    ...page,
    fetchMock,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Send Reset Link' }),
  };
}

describe('ForgotPasswordForm', () => {
  it('asks for the email, focuses it and sends nothing', async () => {
    const { user, email, submit, fetchMock } = await renderForgot(() => answer(200, {}));
    await user.type(email, '   ');
    await user.click(submit);

    const message = screen.getByText('Please enter your email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(email, 'a');
    expect(screen.queryByText('Please enter your email address')).toBeNull();
  });

  it('shows the server’s message, or its own wording without one', async () => {
    let reply = answer(429, { message: 'Too many requests. Try again later.' });
    const { user, email, submit } = await renderForgot(() => reply);
    await user.type(email, 'ann@example.com');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Try again later.',
    );

    reply = new Response('', { status: 502 });
    await user.click(submit);
    await screen.findByText('Failed to send reset email');
  });

  it('sends the trimmed email and says to check the mail', async () => {
    const { user, email, submit, fetchMock } = await renderForgot(() =>
      answer(200, { message: 'If an account exists, a password reset email has been sent.' }),
    );
    await user.type(email, ' ann@example.com ');
    await user.click(submit);

    const title = await screen.findByRole('heading', { level: 1, name: 'Check Your Email' });
    expect(document.activeElement).toBe(title);
    expect(
      screen.getByText('If an account exists, a password reset email has been sent.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    expect(sentBody(fetchMock, '/api/auth/forgot-password')).toEqual({
      email: 'ann@example.com',
    });
  });

  it('says the neutral message itself when the server gives none', async () => {
    const { user, email, submit } = await renderForgot(() => answer(200, {}));
    await user.type(email, 'ann@example.com');
    await user.click(submit);

    await screen.findByText('If an account exists, a password reset email has been sent.');
  });
});
