import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { advanceUntil, holdClock } from './support/clock';
import { captureVariants, linkFromMail, newPage, skipGate, uniqueEmail } from './support/pages';

const baseUrl = inject('baseUrl');
const PASSWORD = 'account state password 1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs up through the form, as a person does: the new account is signed in here. */
async function signUp(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check Your Email!' }).waitFor();
}

/** Every link or button that offers signing in or up, wherever it is on the page. */
const signInOffers = (page: Page) =>
  page.getByRole('link', { name: /^(Login|Log in|Register|Sign up)$/i });

/** The home page with its footer, the header and (on a phone) the open mobile menu. */
async function expectNoSignInOffers(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Footer' }).getByText('Privacy Policy').waitFor();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
  expect(await signInOffers(page).count()).toBe(0);
  await page.setViewportSize(VIEWPORTS.phone);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  expect(await signInOffers(page).count()).toBe(0);
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('a member who has just signed up', () => {
  it('is offered a new link, not a login, and sees the banner on every page until verified', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl);
    const email = uniqueEmail('e2e.unverified');
    try {
      await skipGate(page);
      await signUp(page, email);
      // Registering signed the account in: the card offers a new link and home, not a login.
      expect(await page.getByRole('link', { name: 'Go to Login' }).count()).toBe(0);
      const resendHere = page.getByRole('button', { name: 'Resend verification email' });
      expect(await resendHere.count()).toBe(1);
      // The sign-up's own card says it all: no banner on top of it.
      expect(await page.getByRole('region', { name: 'Email verification' }).count()).toBe(0);
      await resendHere.click();
      await page.getByText(`A new verification link is on its way to ${email}.`).waitFor();
      await captureVariants(page, 'check-email-resend');

      // Every page: the banner with the address and the resend button.
      for (const path of ['/', '/leaderboard', '/boost', '/my-posts']) {
        await page.goto(path);
        const banner = page.getByRole('region', { name: 'Email verification' });
        await banner.getByText('Please verify your email address').waitFor();
        expect(await banner.getByText(email).count()).toBe(1);
      }
      await page.goto('/');
      const banner = page.getByRole('region', { name: 'Email verification' });
      await banner.getByRole('button', { name: 'Resend verification email' }).click();
      await banner.getByText(`A new verification link is on its way to ${email}.`).waitFor();
      await captureVariants(page, 'verification-banner');

      // Signed in: no Login or Register in the header, the footer or the mobile menu.
      await expectNoSignInOffers(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens the link signed in, stays signed in, and opening it again says it is verified', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl);
    const email = uniqueEmail('e2e.verify-twice');
    try {
      await skipGate(page);
      await signUp(page, email);
      const link = await linkFromMail(baseUrl, email, '/verify-email');

      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Your email is verified' }).waitFor();
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
      expect(await page.getByRole('region', { name: 'Email verification' }).count()).toBe(0);

      // The same link again, in the same browser: good news, and still signed in.
      await holdClock(page);
      await page.goto(link);
      const already = page.getByRole('heading', {
        level: 1,
        name: 'Your email is already verified',
      });
      // Still signed in: the header's account menu (the session is read with the clock held).
      await advanceUntil(page, already, page.getByRole('button', { name: /^Account menu for / }));
      expect(await page.getByText('Verification Failed').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Register Again' }).count()).toBe(0);
      await captureVariants(page, 'verify-already');
      await page.clock.resume();
      expect((await context.request.get('/api/auth/me')).status()).toBe(200);

      // Elsewhere (signed out) the same link says the same, and offers to log in.
      const elsewhere = await newPage(browser, baseUrl, VIEWPORTS.phone);
      try {
        await skipGate(elsewhere.page);
        await elsewhere.page.goto(link);
        await elsewhere.page
          .getByRole('heading', { level: 1, name: 'Your email is already verified' })
          .waitFor();
        expect(await elsewhere.page.getByRole('link', { name: 'Log In' }).count()).toBe(1);
        expect(elsewhere.errors).toEqual([]);
      } finally {
        await elsewhere.context.close();
      }

      await expectNoSignInOffers(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
