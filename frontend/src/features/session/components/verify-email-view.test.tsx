// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, sentBody, stubFetch } from '@/test/render';

import { SESSION_QUERY_KEY } from '../api/get-session';
import { signedInUser } from '../test-fixtures';
import type { User } from '../types';
import { VerifyEmailView } from './verify-email-view';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const verified = { ...signedInUser, emailVerified: true };
const CHOOSE = { message: 'Choose a password to finish verifying your email' };

/**
 * Renders the page with `verify` answering each POST /api/auth/verify-email in turn, and the
 * session answering `signedIn` (nobody by default).
 */
async function renderVerify(
  verify: (body: unknown) => Response,
  signedIn: User | null = null,
  lastPostId: string | null = null,
) {
  const bodies: unknown[] = [];
  const fetchMock = stubFetch((url, init) => {
    if (url === '/api/auth/session') return signedIn ? answer(200, signedIn) : answer(204, null);
    if (url === '/api/auth/resend-verification') return answer(200, { message: 'sent' });
    if (url !== '/api/auth/verify-email') return answer(204, null);
    const body: unknown = JSON.parse(String(init?.body));
    bodies.push(body);
    return verify(body);
  });
  const page = await renderPage(<VerifyEmailView token="mail-token" lastPostId={lastPostId} />);
  return { ...page, fetchMock, bodies };
}

describe('VerifyEmailView', () => {
  it('verifies with the token alone where the browser is signed in to the account', async () => {
    const { bodies, queryClient } = await renderVerify(() => answer(200, verified));

    await screen.findByRole('heading', { level: 1, name: 'Your email is verified' });
    expect(bodies).toEqual([{ token: 'mail-token' }]);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(verified);
  });

  it('given this browser posted a rating, when verified, stays and offers "See your post"', async () => {
    await renderVerify(() => answer(200, verified), null, 'post-42');

    await screen.findByRole('heading', { level: 1, name: 'Your email is verified' });
    const see = screen.getByRole('link', { name: 'See your post' });
    expect(see.getAttribute('href')).toBe('/post/post-42');
    screen.getByRole('link', { name: 'Go Home' });
    expect(screen.queryByRole('link', { name: 'Go to My Posts' })).toBeNull();
  });

  it('given a link opened on another device, when verified, offers "Go to My Posts"', async () => {
    await renderVerify(() => answer(200, verified));

    await screen.findByRole('heading', { level: 1, name: 'Your email is verified' });
    const myPosts = screen.getByRole('link', { name: 'Go to My Posts' });
    expect(myPosts.getAttribute('href')).toBe('/my-posts');
    expect(screen.queryByRole('link', { name: 'See your post' })).toBeNull();
  });

  it('asks for a password where the server wants one, then verifies with it and signs in', async () => {
    const { bodies, user, queryClient } = await renderVerify((body) =>
      (body as { password?: string }).password ? answer(200, verified) : answer(401, CHOOSE),
    );

    const title = await screen.findByRole('heading', { level: 1, name: 'Choose Your Password' });
    expect(document.activeElement).toBe(title);
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm Password');
    const submit = screen.getByRole('button', { name: 'Verify Email' });
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(password.getAttribute('aria-describedby')).toContain(checklist.id);
    expect(submit).toHaveProperty('disabled', true);

    await user.type(password, 'my own pass');
    expect(within(checklist).getByText('At least 8 characters').parentElement?.textContent).toBe(
      'At least 8 characters(done)',
    );
    expect(submit).toHaveProperty('disabled', true);
    await user.type(confirm, 'my own pass');
    expect(within(checklist).getByText('Passwords match').parentElement?.textContent).toBe(
      'Passwords match(done)',
    );
    await user.click(submit);

    await screen.findByRole('heading', { level: 1, name: 'Your email is verified' });
    expect(bodies).toEqual([
      { token: 'mail-token' },
      { token: 'mail-token', password: 'my own pass' },
    ]);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(verified);
  });

  it('shows the error view when the link fails, with the spec’s ways on', async () => {
    await renderVerify(() =>
      answer(400, { message: 'This verification link has expired. Please request a new one.' }),
    );

    await screen.findByRole('heading', { level: 1, name: 'Verification Failed' });
    expect(screen.getByRole('alert').textContent).toBe(
      'This verification link has expired. Please request a new one.',
    );
    screen.getByRole('button', { name: 'Resend Verification Email' });
    screen.getByRole('link', { name: 'Register Again' });
    screen.getByRole('link', { name: 'Go Home' });
  });

  it('shows the error view when verifying with the chosen password fails', async () => {
    const { user } = await renderVerify((body) =>
      (body as { password?: string }).password
        ? new Response('', { status: 500 })
        : answer(401, CHOOSE),
    );
    await screen.findByRole('heading', { level: 1, name: 'Choose Your Password' });
    await user.type(screen.getByLabelText('Password'), 'my own pass');
    await user.type(screen.getByLabelText('Confirm Password'), 'my own pass');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));

    await screen.findByRole('heading', { level: 1, name: 'Verification Failed' });
    expect(screen.getByRole('alert').textContent).toBe('Verification failed');
  });

  it('says a used link of a verified account is verified already, and keeps the session', async () => {
    const { queryClient } = await renderVerify(
      () => answer(409, { message: 'Your email is already verified.' }),
      verified,
    );
    await screen.findByRole('heading', { level: 1, name: 'Your email is already verified' });
    expect(screen.queryByRole('heading', { name: 'Verification Failed' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register Again' })).toBeNull();
    screen.getByRole('link', { name: 'Go Home' });
    await waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(verified));
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  });

  it('offers a signed-in member a new link to their own address, never Register Again', async () => {
    const { queryClient, user, fetchMock } = await renderVerify(
      () =>
        answer(400, { message: 'This verification link has expired. Please request a new one.' }),
      signedInUser,
    );
    await screen.findByRole('heading', { level: 1, name: 'Verification Failed' });
    await waitFor(() => expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(signedInUser));
    expect(screen.queryByRole('link', { name: 'Register Again' })).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await screen.findByText(/A new verification link is on its way to ann@example.com/);
    expect(sentBody(fetchMock, '/api/auth/resend-verification')).toEqual({
      email: 'ann@example.com',
    });
  });
});
