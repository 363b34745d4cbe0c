// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, sentBody, stubFetch } from '@/test/render';

import { ResendVerificationForm } from './resend-verification-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NEUTRAL = 'If an account exists, a verification email has been sent.';

async function renderResend(reply: () => Response) {
  const fetchMock = stubFetch(reply);
  const page = await renderPage(<ResendVerificationForm />);
  return {
    ...page,
    fetchMock,
    email: screen.getByLabelText('Email') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Resend Verification Email' }),
  };
}

describe('ResendVerificationForm', () => {
  it('asks for the email, focuses it and sends nothing', async () => {
    const { user, email, submit, fetchMock } = await renderResend(() => answer(200, {}));
    await user.click(submit);

    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms politely, and takes the confirmation away at the next attempt', async () => {
    const { user, email, submit, fetchMock } = await renderResend(() =>
      answer(200, { message: NEUTRAL }),
    );
    await user.type(email, ' ann@example.com ');
    await user.click(submit);

    expect((await screen.findByRole('status')).textContent).toBe(NEUTRAL);
    expect(sentBody(fetchMock, '/api/auth/resend-verification')).toEqual({
      email: 'ann@example.com',
    });

    await user.clear(email);
    await user.click(submit);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
  });

  it('shows the server’s message, or its own wording without one', async () => {
    let reply = answer(429, { message: 'Too many requests. Try again later.' });
    const { user, email, submit } = await renderResend(() => reply);
    await user.type(email, 'ann@example.com');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Try again later.',
    );

    reply = new Response('', { status: 500 });
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to resend verification email'),
    );
  });
});
