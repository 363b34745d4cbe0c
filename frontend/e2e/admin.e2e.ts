import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './support/browser';
import { advanceUntil, holdClock } from './support/clock';
import { captureVariants, newPage, uniqueEmail, verifiedMemberPage } from './support/pages';
import { publishRatedPhoto } from './support/posts';

const baseUrl = inject('baseUrl');
const admin = inject('admin');
const ADMIN_PAGES = [
  'Posts',
  'Comments',
  'Reports',
  'Boosts',
  'Users',
  'Admins',
  'Payments',
  'Statistics',
  'Clusters',
  'Audit log',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe('the hidden admin sign-in', () => {
  it('is not named anywhere in the built frontend', () => {
    const dist = resolve(import.meta.dirname, '../dist');
    const files = readdirSync(join(dist, 'assets')).map((name) => join(dist, 'assets', name));
    for (const file of [join(dist, 'index.html'), ...files]) {
      expect(readFileSync(file, 'utf8'), file).not.toContain(admin.loginPath);
    }
  });

  it('is served with its marker only at ADMIN_LOGIN_PATH', async () => {
    const marked = await (await fetch(`${baseUrl}${admin.loginPath}`)).text();
    expect(marked).toContain('<meta name="admin-login" content="true" />');
    const plain = await (await fetch(`${baseUrl}/rtm-sys`)).text();
    expect(plain).not.toContain('admin-login');
    // The entry leads only a browser that has signed in as an admin before.
    const entry = await fetch(`${baseUrl}/api/rtm-sys/entry`, { redirect: 'manual' });
    expect(entry.status).toBe(404);
    expect(entry.headers.get('location')).toBeNull();
  });
});

describe('an admin', () => {
  it('finds the 404 page at /rtm-sys, signs in at the hidden page, uses the admin layout and logs out', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      // A browser that never signed in as an admin is not shown the way to the hidden page.
      await page.goto('/rtm-sys');
      await page.getByRole('heading', { level: 1, name: 'We couldn’t find that page' }).waitFor();
      expect(page.url()).toBe(`${baseUrl}/rtm-sys`);
      await page.goto(admin.loginPath);
      await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
      // The age gate does not cover the admin area, nor does the public header show.
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

      const signIn = page.getByRole('button', { name: 'Sign In' });
      await signIn.click();
      await page.getByText('Username is required').waitFor();
      await page.getByText('Password is required').waitFor();
      await captureVariants(page, 'admin-login');

      // Toasts go after 5 s, and the admin area opens 100 ms after 'Login successful': each is
      // looked for with the page's clock held from before the click.
      await page.getByLabel('Username').fill(admin.username);
      await page.getByLabel('Password').fill('not the admin password');
      await holdClock(page);
      await signIn.click();
      await advanceUntil(page, toast(page, 'Invalid credentials'));
      await page.clock.resume();

      await page.getByLabel('Password').fill(admin.password);
      await holdClock(page);
      await signIn.click();
      await advanceUntil(page, toast(page, 'Login successful'));
      await page.clock.resume();
      await page.waitForURL('**/rtm-sys/posts');
      await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
      // The posts queue opens on 'Not yet reviewed', with the dashboard tabs and their counts.
      await page.getByLabel('Show').waitFor();
      expect(await page.getByLabel('Show').inputValue()).toBe('pending');
      const dashboard = page.getByRole('navigation', { name: 'Dashboard' });
      for (const tab of ['Posts', 'Reports', 'Boosts', 'Users']) {
        await dashboard.getByRole('link', { name: new RegExp(`^${tab}`) }).waitFor();
      }
      await page.getByRole('table', { name: 'Posts' }).waitFor();
      await captureVariants(page, 'admin-posts');
      const nav = page.getByRole('navigation', { name: 'Admin' });
      for (const name of ADMIN_PAGES) {
        expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(1);
      }
      expect(await page.getByTestId('admin-username').first().textContent()).toBe(admin.username);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await captureVariants(page, 'admin-layout', ['desktop']);

      await nav.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page.getByRole('table', { name: 'Users' }).waitFor();
      await captureVariants(page, 'admin-users');
      // Filters live in the address.
      await page.getByLabel('Status').selectOption('banned');
      await page.waitForURL('**/rtm-sys/users?status=banned');

      for (const [name, heading, file] of [
        ['Reports', 'Reports', 'admin-reports'],
        ['Comments', 'Comments', 'admin-comments'],
        ['Admins', 'Admins', 'admin-admins'],
        ['Audit log', 'Audit log', 'admin-audit'],
      ] as const) {
        await nav.getByRole('link', { name, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByRole('table', { name: heading }).waitFor();
        await captureVariants(page, file);
      }
      await page
        .getByRole('table', { name: 'Audit log' })
        .getByText('AdminSignedIn')
        .first()
        .waitFor();
      // Each entry names the request behind it, the id its log lines carry.
      const signedIn = page
        .getByRole('row')
        .filter({ has: page.getByText('AdminSignedIn', { exact: true }) })
        .first();
      expect(await signedIn.getByTitle(/^Request /).textContent()).toMatch(
        /^Request [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
      await nav.getByRole('link', { name: 'Statistics', exact: true }).click();
      await page.getByRole('heading', { level: 2, name: 'Activity' }).waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      await captureVariants(page, 'admin-statistics');
      await nav.getByRole('link', { name: 'Users', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe(
        'page',
      );

      // With a session, /rtm-sys goes straight to the posts page.
      await page.goto('/rtm-sys');
      await page.waitForURL('**/rtm-sys/posts');
      await page.goto('/rtm-sys/post/some-post');
      await page.getByRole('link', { name: 'Back to admin' }).waitFor();
      await page.getByText(/^Admin view: members’ actions/).waitFor();
      await page.getByText('Post not found').waitFor();

      // On a phone the sidebar is a drawer.
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto('/rtm-sys/posts');
      await page.getByRole('heading', { level: 1, name: 'Posts' }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Admin' }).count()).toBe(0);
      await captureVariants(page, 'admin-layout-drawer-closed', ['phone']);
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Admin menu' });
      await drawer.waitFor();
      // Photographed with its slide-in run to the end (see screenshot()), however far it got.
      await captureVariants(page, 'admin-layout-drawer', ['phone']);
      await drawer.getByRole('link', { name: 'Reports', exact: true }).click();
      await drawer.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();

      // Logout ends the session and lands on the sign-in page again.
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await page
        .getByRole('dialog', { name: 'Admin menu' })
        .getByRole('button', { name: 'Logout' })
        .click();
      await page.waitForURL(`${baseUrl}${admin.loginPath}`);
      await page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor();
      expect((await page.request.get('/api/rtm-sys/me')).status()).toBe(401);

      // Admin pages now send the browser (marked at its sign-in) to sign in again.
      await page.goto('/rtm-sys/users');
      await page.waitForURL(`${baseUrl}${admin.loginPath}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('an admin managing admins', () => {
  it('creates, resets and disables an admin, typing its own password each time', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      expect(
        (
          await context.request.post('/api/rtm-sys/login', {
            data: { username: admin.username, password: admin.password },
          })
        ).status(),
      ).toBe(200);
      const helper = { username: `helper_${Date.now() % 1e8}`, password: 'helper long password' };

      await page.goto('/rtm-sys/admins');
      await page.getByRole('heading', { level: 1, name: 'Admins' }).waitFor();
      const create = page.getByRole('form', { name: 'Create an admin' });
      await create.getByLabel('Username').fill(helper.username);
      await create.getByLabel('Password', { exact: true }).fill(helper.password);
      await create.getByRole('button', { name: 'Create admin' }).click();
      await create.getByText('Please enter your current password').waitFor();
      // A wrong one is refused by the server and shown beside the field.
      await create.getByLabel('Your current password').fill('not my password');
      await create.getByRole('button', { name: 'Create admin' }).click();
      await create.getByText('Your current password is incorrect').waitFor();
      await create.getByLabel('Your current password').fill(admin.password);
      await create.getByRole('button', { name: 'Create admin' }).click();
      await toast(page, 'Admin created').waitFor();
      const row = page.getByRole('row').filter({ hasText: helper.username });
      await row.getByText('Active').waitFor();

      await row.getByRole('button', { name: 'Reset password' }).click();
      let dialog = page.getByRole('dialog', { name: `New password for ${helper.username}` });
      await dialog.getByLabel('New password').fill('a newer helper password');
      await dialog.getByLabel('Your current password').fill(admin.password);
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await toast(page, `New password set for ${helper.username}`).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const signIn = (password: string) =>
        fetch(`${baseUrl}/api/rtm-sys/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: helper.username, password }),
        });
      expect((await signIn(helper.password)).status).toBe(401);
      expect((await signIn('a newer helper password')).status).toBe(200);

      await row.getByRole('button', { name: 'Disable' }).click();
      dialog = page.getByRole('dialog', { name: `Disable ${helper.username}` });
      await dialog.getByLabel('Reason (optional)').fill('Only here for a test');
      await captureVariants(page, 'admin-disable-dialog');
      await dialog.getByRole('button', { name: 'Disable' }).click();
      await dialog.getByText('Please enter your current password').waitFor();
      await dialog.getByLabel('Your current password').fill(admin.password);
      await dialog.getByRole('button', { name: 'Disable' }).click();
      await toast(page, `${helper.username} is disabled`).waitFor();
      await row.getByText('Disabled').waitFor();
      expect((await signIn('a newer helper password')).status).toBe(401);

      // One's own row offers a password change and no way to disable oneself.
      const own = page.getByRole('row').filter({ hasText: admin.username });
      await own.getByRole('button', { name: 'Change password' }).waitFor();
      expect(await own.getByRole('button', { name: 'Disable' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

const MEMBER_PASSWORD = 'moderated member password';

/** A verified account signed in on a browser context of its own. */
function member(label: string) {
  return verifiedMemberPage(browser, baseUrl, uniqueEmail(label), MEMBER_PASSWORD);
}

describe('an admin working through the queue', () => {
  it('approves a post, dismisses one report and reviews another with hiding, bans the author, and finds it all in the audit log', async () => {
    const author = await member('author');
    const reporters = [await member('reporter'), await member('reporter')];
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      const postId = await publishRatedPhoto(author.context.request, 4242);
      for (const [i, reporter] of reporters.entries()) {
        const reported = await reporter.context.request.post(`/api/posts/${postId}/report`, {
          data: { reason: `Reason number ${i + 1}` },
        });
        expect(reported.status()).toBe(201);
      }

      expect(
        (
          await context.request.post('/api/rtm-sys/login', {
            data: { username: admin.username, password: admin.password },
          })
        ).status(),
      ).toBe(200);

      // Approve the post from the queue of posts pending review.
      await page.goto('/rtm-sys/posts');
      const row = page.getByRole('row').filter({ hasText: author.email });
      await row.getByRole('button', { name: 'Approve' }).click();
      // Approved, it leaves the queue; all posts show it approved.
      await row.waitFor({ state: 'detached' });
      await page.getByLabel('Show').selectOption('all');
      await page.waitForURL('**/rtm-sys/posts?filter=all');
      await row.getByText('Approved').waitFor();
      expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);

      // Dismiss one report, review the other and hide the post in the same step.
      await page.goto('/rtm-sys/reports');
      const first = page.getByRole('row').filter({ hasText: 'Reason number 1' });
      await first.getByRole('button', { name: 'Dismiss' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Dismiss' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByLabel('Status').selectOption('all');
      await page.waitForURL('**/rtm-sys/reports?status=all');
      await page
        .getByRole('row')
        .filter({ hasText: 'Reason number 1' })
        .getByText('Dismissed')
        .waitFor();
      const second = page.getByRole('row').filter({ hasText: 'Reason number 2' });
      await second.getByRole('button', { name: 'Review & hide' }).click();
      await page.getByRole('dialog').getByLabel('Reason (optional)').fill('Shows a face');
      await page.getByRole('dialog').getByRole('button', { name: 'Review' }).click();
      await second.getByText('Reviewed').waitFor();
      await captureVariants(page, 'admin-reports-reviewed');

      // Ban the author: found by email, with a reason.
      await page.goto(`/rtm-sys/users?search=${encodeURIComponent(author.email)}`);
      const userRow = page.getByRole('row').filter({ hasText: author.email });
      await userRow.getByRole('button', { name: 'Ban' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Ban' }).click();
      await page.getByRole('dialog').getByText('Please give a reason').waitFor();
      await page.getByRole('dialog').getByLabel('Reason').fill('Repeated rule breaking');
      await page.getByRole('dialog').getByRole('button', { name: 'Ban' }).click();
      await userRow.getByText('Banned').waitFor();
      expect((await author.context.request.get('/api/auth/me')).status()).toBe(401);

      // Everything is in the audit log with the admin's name.
      await page.goto('/rtm-sys/audit');
      const audit = page.getByRole('table', { name: 'Audit log' });
      for (const kind of [
        'PostApproved',
        'ReportReviewed',
        'PostVisibilityChanged',
        'UserBanned',
      ]) {
        await audit
          .getByRole('row')
          .filter({ hasText: kind })
          .filter({ hasText: admin.username })
          .first()
          .waitFor();
      }
      await audit
        .getByRole('row')
        .filter({ hasText: 'UserBanned' })
        .getByText('Repeated rule breaking')
        .waitFor();
      await captureVariants(page, 'admin-audit-filled');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await author.context.close();
      for (const reporter of reporters) await reporter.context.close();
    }
  });
});

describe('an admin looking at boosts and payments', () => {
  it('finds a boost bought through the checkout in the boosts list, the payments list and the audit log', async () => {
    const buyer = await member('buyer');
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.desktop);
    try {
      // The member buys a regular boost through the (local) checkout page.
      const checkout = await buyer.context.request.post('/api/boost/checkout', {
        data: { boostType: 'regular' },
      });
      expect(checkout.status()).toBe(200);
      await buyer.page.goto(((await checkout.json()) as { url: string }).url);
      await buyer.page.getByRole('button', { name: 'Pay $1.99' }).click();
      await buyer.page.waitForURL(/\/boost\?session_id=/);
      const unclaimed = (await (
        await buyer.context.request.get('/api/boosts/unclaimed')
      ).json()) as { boost: { id: string } };
      const boostId = unclaimed.boost.id;

      expect(
        (
          await context.request.post('/api/rtm-sys/login', {
            data: { username: admin.username, password: admin.password },
          })
        ).status(),
      ).toBe(200);

      // The boosts list shows it unclaimed, by its buyer; the state filter lives in the address.
      await page.goto('/rtm-sys/boosts');
      const boosts = page.getByRole('table', { name: 'Boosts' });
      const row = boosts.getByRole('row').filter({ hasText: buyer.email });
      await row.getByText('Unclaimed').waitFor();
      await row.getByText('$1.99').waitFor();
      await captureVariants(page, 'admin-boosts');
      await page.getByLabel('State').selectOption('unclaimed');
      await page.waitForURL('**/rtm-sys/boosts?status=unclaimed');
      await row.waitFor();
      await page.getByLabel('State').selectOption('active');
      await page.waitForURL('**/rtm-sys/boosts?status=active');
      await row.waitFor({ state: 'detached' });

      // The payments list shows the purchase with its amount.
      await page.goto('/rtm-sys/payments?kind=purchase');
      const payments = page.getByRole('table', { name: 'Payments' });
      const payment = payments.getByRole('row').filter({ hasText: buyer.email });
      await payment.getByText('Boost purchase').waitFor();
      await payment.getByText('$1.99').waitFor();
      await captureVariants(page, 'admin-payments');

      // The audit log lists the purchase, its target the boost.
      await page.goto(`/rtm-sys/audit?target=${boostId}`);
      const audit = page.getByRole('table', { name: 'Audit log' });
      await audit.getByRole('row').filter({ hasText: 'BoostPurchased' }).waitFor();
      await audit.getByRole('button', { name: `boost ${boostId.slice(0, 8)}` }).waitFor();
      expect(await audit.getByRole('row').count()).toBe(2);

      // On a phone the boosts page opens from the drawer.
      await page.setViewportSize(VIEWPORTS.phone);
      await page.goto('/rtm-sys/posts');
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await page
        .getByRole('dialog', { name: 'Admin menu' })
        .getByRole('link', { name: 'Boosts', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Boosts' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await buyer.context.close();
    }
  });
});
