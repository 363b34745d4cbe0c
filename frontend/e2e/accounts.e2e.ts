import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, makePhoto, VIEWPORTS } from './support/browser';
import { advanceUntil, holdClock } from './support/clock';
import {
  captureVariants,
  linkFromMail,
  newPage,
  passGate,
  registerByApi,
  skipGate,
  uniqueEmail,
} from './support/pages';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The one toast on screen (Radix also keeps a screen-reader copy, hence `first`). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('a new user', () => {
  it('registers, verifies by mail, manages the account and profile, sees it public, and logs out', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    const email = uniqueEmail('e2e.register');
    const password = 'first password 1';
    const displayName = `e2e_${Date.now().toString(36)}`;
    try {
      // Registration: live checklist, button disabled until valid.
      await page.goto('/register');
      await passGate(page);
      await page.getByRole('heading', { level: 1, name: 'Create Your Account' }).waitFor();
      const submit = page.getByRole('button', { name: 'Create Account' });
      const checklist = page.getByRole('list', { name: 'Password requirements' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('short');
      expect(await checklist.getByText('At least 8 characters').count()).toBe(1);
      expect(await checklist.getByText('(not yet)').count()).toBe(2);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      expect(await checklist.getByText('(done)').count()).toBe(2);
      expect(await submit.isEnabled()).toBe(true);
      await captureVariants(page, 'register');

      await submit.click();
      await page.getByRole('heading', { level: 1, name: 'Check Your Email!' }).waitFor();
      expect(await page.getByText(email).count()).toBe(1);
      // Registering signed the account in here: a new link to ask for, nothing to log in to.
      expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(1);
      await captureVariants(page, 'register-success');

      // The verification mail's link signs the account in as verified, and the page stays
      // until the person moves on.
      const link = await linkFromMail(baseUrl, email, '/verify-email');
      expect(link.startsWith(`${baseUrl}/verify-email?token=`)).toBe(true);
      await page.goto(link);
      const verified = page.getByRole('heading', { level: 1, name: 'Your email is verified' });
      await verified.waitFor();
      await captureVariants(page, 'verify-success');
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.waitForURL(`${baseUrl}/`);

      // Account settings: email (private), anonymous username, switches, password change.
      await page.goto('/account/settings');
      const info = page.getByRole('region', { name: 'Account Information' });
      await info.getByText(email).waitFor();
      expect(await info.getByText('Verified', { exact: true }).count()).toBe(1);
      expect(await info.getByText(/never shown on your profile/).count()).toBe(1);
      const me = (await (await page.request.get('/api/auth/me')).json()) as {
        id: string;
        anonymousUsername: string;
      };
      expect(await info.getByText(me.anonymousUsername, { exact: true }).count()).toBe(1);

      const commentSwitch = page.getByRole('switch', { name: 'Comment notifications' });
      expect(await commentSwitch.getAttribute('aria-checked')).toBe('true');
      // The banner goes after 5 s of the held clock, not while it is being photographed.
      await holdClock(page);
      await commentSwitch.click();
      await advanceUntil(
        page,
        page.getByTestId('success-banner').getByText('Notification preferences saved.'),
        page.getByRole('switch', { name: 'Comment notifications', checked: false }),
      );
      await captureVariants(page, 'account-settings');
      await page.clock.runFor(5000);
      await page.getByTestId('success-banner').waitFor({ state: 'detached' });
      await page.clock.resume();

      const passwordForm = page.getByRole('region', { name: 'Change Password' });
      await passwordForm.getByRole('button', { name: 'Update Password' }).click();
      await passwordForm.getByText('Current password is required').waitFor();
      await passwordForm.getByLabel('Current Password').fill('not my password');
      await passwordForm.getByLabel('New Password', { exact: true }).fill('second password 2');
      await passwordForm.getByRole('button', { name: 'Update Password' }).click();
      await passwordForm.getByText('Please confirm your new password').waitFor();
      await passwordForm.getByLabel('Confirm New Password').fill('second password 3');
      await passwordForm.getByRole('button', { name: 'Update Password' }).click();
      await passwordForm.getByText("Passwords don't match").waitFor();
      await passwordForm.getByLabel('Confirm New Password').fill('second password 2');
      // Toasts and banners go after 5 s: each is looked for with the clock held.
      await holdClock(page);
      await passwordForm.getByRole('button', { name: 'Update Password' }).click();
      await advanceUntil(
        page,
        toast(page, 'Failed to Update Password'),
        toast(page, 'Current password is incorrect'),
      );
      await page.clock.resume();
      await passwordForm.getByLabel('Current Password').fill(password);
      await holdClock(page);
      await passwordForm.getByRole('button', { name: 'Update Password' }).click();
      await advanceUntil(page, passwordForm.getByTestId('success-banner'));
      expect(await passwordForm.getByLabel('Current Password').inputValue()).toBe('');
      await page.clock.resume();

      await page.reload();
      await page.getByRole('switch', { name: 'Comment notifications' }).waitFor();
      expect(
        await page
          .getByRole('switch', { name: 'Comment notifications' })
          .getAttribute('aria-checked'),
      ).toBe('false');
      expect(
        await page
          .getByRole('switch', { name: 'Rating notifications' })
          .getAttribute('aria-checked'),
      ).toBe('true');

      // Profile settings: picture (an image only), display name, bio with counter, a link.
      await page.getByRole('button', { name: `Account menu for ${me.anonymousUsername}` }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL('**/profile/settings');
      await page.getByRole('heading', { level: 1, name: 'Profile Settings' }).waitFor();
      await page.getByLabel('Choose Picture').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
      await page.getByText('Please upload an image file').waitFor();
      await page.getByLabel('Choose Picture').setInputFiles({
        name: 'me.jpg',
        mimeType: 'image/jpeg',
        buffer: await makePhoto(4),
      });
      await page.getByRole('img', { name: 'Preview of your new profile picture' }).waitFor();
      await holdClock(page);
      await page.getByRole('button', { name: 'Save Picture' }).click();
      await advanceUntil(
        page,
        toast(page, 'Picture Updated'),
        page.getByRole('banner').locator('img[src^="/uploads/"]').first(),
      );
      await page.clock.resume();
      const headerAvatar = page.getByRole('banner').locator('img').first();
      expect(await headerAvatar.getAttribute('src')).toMatch(/^\/uploads\//);

      await page.getByLabel('Display Username').fill(displayName);
      await page.getByLabel('Bio').fill('Sandals all year round.');
      await page.getByText('23/500').waitFor();
      await page.getByLabel('Instagram').fill('@sunny.soles');
      await page.getByLabel('YouTube').fill('https://www.youtube.com/@sunnysoles');
      await holdClock(page);
      await page.getByRole('button', { name: 'Save Profile' }).click();
      // The toast, and the header following the new display name.
      await advanceUntil(
        page,
        toast(page, 'Profile Updated'),
        page.getByRole('button', { name: `Account menu for ${displayName}` }),
      );
      expect(await page.getByLabel('Instagram').inputValue()).toBe('@sunny.soles');
      // Dismissed as a person would, so it covers no theme toggle during the photographs.
      const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
      await dismiss.click();
      await page.clock.resume();
      await dismiss.waitFor({ state: 'detached' });
      await captureVariants(page, 'profile-settings');

      // The public profile: name, bio, social badges in new tabs, no posts yet.
      await page.getByRole('link', { name: 'View Public Profile' }).click();
      await page.waitForURL(`**/user/${me.id}`);
      await page.getByRole('heading', { level: 1, name: displayName }).waitFor();
      await page.getByText('Sandals all year round.').waitFor();
      const instagram = page.getByRole('link', { name: 'Instagram (opens in a new tab)' });
      expect(await instagram.getAttribute('href')).toBe('https://www.instagram.com/sunny.soles');
      expect(await instagram.getAttribute('target')).toBe('_blank');
      expect(await instagram.getAttribute('rel')).toBe('noopener noreferrer');
      expect(
        await page.getByRole('link', { name: 'YouTube (opens in a new tab)' }).getAttribute('href'),
      ).toBe('https://www.youtube.com/@sunnysoles');
      expect(await page.getByRole('link', { name: /TikTok/ }).count()).toBe(0);
      await page.getByText('No posts yet').waitFor();
      expect(await page.locator('main').getByText('0', { exact: true }).count()).toBe(1);
      await captureVariants(page, 'public-profile');

      // An unknown user.
      await page.goto('/user/00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { level: 1, name: 'User Not Found' }).waitFor();
      expect(
        await page.getByRole('link', { name: 'Back to Leaderboard' }).getAttribute('href'),
      ).toBe('/leaderboard');

      // Logout clears the session; the settings pages then send the visitor to /login.
      await page.goto('/');
      await page.getByRole('button', { name: `Account menu for ${displayName}` }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
      await page.goto('/account/settings');
      await page.waitForURL('**/login?redirect=*');
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a user who forgot their password', () => {
  it('gets a reset mail, sets a new password, and only the new one works', async () => {
    const email = uniqueEmail('e2e.forgot');
    const oldPassword = 'old password 1';
    const newPassword = 'new password 2';
    const user = await registerByApi(baseUrl, email, oldPassword);

    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      await page.goto('/login');
      await passGate(page);
      const loginForm = page.locator('form');
      await page.getByRole('button', { name: 'Log In' }).click();
      await loginForm.getByText('Please enter your email address').waitFor();
      await loginForm.getByText('Password is required').waitFor();
      await captureVariants(page, 'login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Log In' }).click();
      await loginForm.getByText('Password must be at least 8 characters').waitFor();
      expect(await page.getByRole('link', { name: 'Close' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
        '/register',
      );

      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByRole('heading', { level: 1, name: 'Forgot Your Password?' }).waitFor();
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Please enter your email address').waitFor();
      await captureVariants(page, 'forgot-password');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check Your Email' }).waitFor();
      await page.getByText('If an account exists, a password reset email has been sent.').waitFor();
      expect(await page.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe(
        '/login',
      );
      await captureVariants(page, 'forgot-password-sent');

      // Without a token the link is invalid.
      await page.goto('/reset-password');
      await page.getByRole('heading', { level: 1, name: 'Invalid Link' }).waitFor();
      expect(await page.getByRole('link', { name: 'Request New Link' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
      await captureVariants(page, 'reset-password-invalid');

      const link = await linkFromMail(baseUrl, email, '/reset-password');
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Set a New Password' }).waitFor();
      const reset = page.getByRole('button', { name: 'Reset Password' });
      await reset.click();
      await page.getByText('Please fill in all fields').waitFor();
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm New Password').fill('shorter');
      await reset.click();
      await page.getByText('Passwords do not match').waitFor();
      await page.getByLabel('Confirm New Password').fill('short');
      await reset.click();
      await page.getByText('Password must be at least 8 characters').waitFor();
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill(newPassword);
      await captureVariants(page, 'reset-password');
      // 'Password Reset!' moves on to /login after 2 s: held from before the click.
      await holdClock(page);
      await reset.click();
      const done = page.getByRole('heading', { level: 1, name: 'Password Reset!' });
      await advanceUntil(page, done);
      await captureVariants(page, 'reset-password-success');
      expect(await done.isVisible()).toBe(true);
      await page.clock.resume();
      await page.waitForURL('**/login');

      // The old password no longer works; the new one does.
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(oldPassword);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByRole('alert').getByText('Invalid email or password').waitFor();
      // A crafted link's outside address is not followed after signing in: the page goes home.
      await page.goto(`/login?redirect=${encodeURIComponent('https://evil.example/phish')}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.waitForURL((url) => url.origin !== baseUrl || url.pathname === '/');
      expect(page.url()).toBe(`${baseUrl}/`);
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();

      // A profile without a picture shows the initial on the user's gradient.
      await page.goto(`/user/${user.id}`);
      await page.getByRole('heading', { level: 1, name: user.anonymousUsername }).waitFor();
      expect(
        await page.locator('main').getByText(user.anonymousUsername[0]!, { exact: true }).count(),
      ).toBe(1);
      await captureVariants(page, 'public-profile-initial', ['desktop']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a verification link opened where the account is not signed in', () => {
  it('asks for a password, verifies with it and lands signed in; the registration’s password stops working', async () => {
    const email = uniqueEmail('e2e.verify.elsewhere');
    await registerByApi(baseUrl, email, 'registered password 1');
    const link = await linkFromMail(baseUrl, email, '/verify-email');
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    try {
      await skipGate(page);
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Choose Your Password' }).waitFor();
      const submit = page.getByRole('button', { name: 'Verify Email' });
      const checklist = page.getByRole('list', { name: 'Password requirements' });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Password', { exact: true }).fill('my chosen password');
      expect(await checklist.getByText('(done)').count()).toBe(1);
      await page.getByLabel('Confirm Password').fill('my chosen password');
      expect(await checklist.getByText('(done)').count()).toBe(2);
      await captureVariants(page, 'verify-choose-password');

      await submit.click();
      await page.getByRole('heading', { level: 1, name: 'Your email is verified' }).waitFor();
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      const me = await page.request.get('/api/auth/me');
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ email, emailVerified: true });

      const login = (password: string) =>
        fetch(`${baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
      expect((await login('registered password 1')).status).toBe(401);
      expect((await login('my chosen password')).status).toBe(200);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a verification link that does not work', () => {
  it('offers a new link, registering again and going home', async () => {
    const { context, page } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    await skipGate(page);
    try {
      await page.goto('/verify-email');
      await page.getByText('No verification token provided').waitFor();

      await page.goto('/verify-email?token=not-a-real-token');
      await page.getByRole('heading', { level: 1, name: 'Verification Failed' }).waitFor();
      await page
        .getByText('This verification link is invalid. Please request a new one.')
        .waitFor();
      expect(await page.getByRole('link', { name: 'Register Again' }).getAttribute('href')).toBe(
        '/register',
      );
      expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
      const resend = page.getByRole('button', { name: 'Resend Verification Email' });
      await resend.click();
      await page.getByText('Please enter your email address').waitFor();
      await captureVariants(page, 'verify-error');
      await page.getByLabel('Email').fill(uniqueEmail('e2e.nobody'));
      await resend.click();
      await page.getByText('If an account exists, a verification email has been sent.').waitFor();
    } finally {
      await context.close();
    }
  });
});
