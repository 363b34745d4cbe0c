import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launchBrowser, makePhoto, screenshot, VIEWPORTS } from './support/browser';
import { advanceUntil, holdClock } from './support/clock';
import { startBuiltApp } from './support/global-setup';
import {
  captureVariants,
  focusReaches,
  linkFromMail,
  newPage,
  passGate,
  registerByApi,
  setTheme,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
  type Device,
  type Theme,
} from './support/pages';

const baseUrl = inject('baseUrl');
const PASSWORD = 'community password 1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Member {
  email: string;
  name: string;
}

/** An account registered and verified through the api (the flows here are about posts). */
async function verifiedMember(label: string): Promise<Member> {
  const email = uniqueEmail(label);
  const user = await registerByApi(baseUrl, email, PASSWORD);
  const token = new URL(await linkFromMail(baseUrl, email, '/verify-email')).searchParams.get(
    'token',
  );
  const res = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    // Opened where the account is not signed in: the password is chosen with it (the same one).
    body: JSON.stringify({ token, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`Verification failed: ${res.status} ${await res.text()}`);
  return { email, name: user.anonymousUsername };
}

/** Signs a browser context in (its pages share the session cookie). */
async function signIn(context: BrowserContext, member: Member) {
  const res = await context.request.post('/api/auth/login', {
    data: { email: member.email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** A page of its own (fresh context) past the gate, optionally signed in and themed. */
async function openAs(member: Member | null, device: Device = 'desktop') {
  const opened = await newPage(browser, baseUrl, VIEWPORTS[device]);
  await skipGate(opened.page);
  if (member) await signIn(opened.context, member);
  return opened;
}

async function uploadPhoto(page: Page, seed: number) {
  await page
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(seed) });
  await page.getByRole('region', { name: 'Your SoleScore' }).waitFor();
}

/** Comments "Note <from>" to "Note <to>" on a post as the context's account; answers their ids. */
async function addNotes(context: BrowserContext, postId: string, from: number, to: number) {
  const ids: string[] = [];
  for (let note = from; note <= to; note += 1) {
    const res = await context.request.post(`/api/posts/${postId}/comments`, {
      data: { text: `Note ${note}` },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

const postIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** The one toast on screen (Radix also keeps a screen-reader copy, hence `first`). */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

describe.each([
  ['light', 'desktop'],
  ['dark', 'phone'],
] as [Theme, Device][])('the community in the %s theme on a %s', (theme, device) => {
  it('posts a rating, finds it on both boards, and a second member likes, comments, replies, rates and reports it', async () => {
    const [author, member] = await Promise.all([
      verifiedMember(`e2e.author.${device}`),
      verifiedMember(`e2e.member.${device}`),
    ]);
    const owner = await openAs(author, device);
    const other = await openAs(member, device);
    const visitor = await openAs(null, device);
    try {
      // The author uploads, posts from the results and lands on the post.
      const { page } = owner;
      await page.goto('/');
      await setTheme(page, theme);
      await uploadPhoto(page, device === 'phone' ? 21 : 22);
      await page.getByRole('button', { name: 'Post to Leaderboard' }).click();
      await page.waitForURL(/\/post\/[^/]+$/);
      const postId = postIdOf(page);
      await page.getByText('This is your post.').waitFor();
      // Owners neither rate nor report their own post.
      expect(await page.getByRole('button', { name: 'Report' }).count()).toBe(0);
      expect(await page.getByText('Rate this post').count()).toBe(0);

      // The leaderboard finds it by the author's name, on All Posts and on This Week.
      await page.goto('/leaderboard');
      await page.getByRole('tab', { name: 'All Posts', selected: true }).waitFor();
      await page.getByRole('searchbox', { name: 'Search by username' }).fill(author.name);
      await page.waitForURL((url) => url.searchParams.get('q') === author.name);
      const card = page.locator(`a[href="/post/${postId}"]`);
      await card.waitFor();
      await page.getByRole('tab', { name: 'Top Rated' }).click();
      await page.waitForURL((url) => url.searchParams.get('sort') === 'top');
      await card.waitFor();
      await page.getByRole('tab', { name: 'This Week' }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'week');
      await card.waitFor();
      await page.getByRole('searchbox', { name: 'Search by username' }).fill('no-such-name-at-all');
      await page.getByText('No posts found').waitFor();
      await page.getByText('Try adjusting your search terms').waitFor();
      await page.getByRole('button', { name: 'Clear search' }).click();
      await card.waitFor();
      await card.click();
      await page.waitForURL(`**/post/${postId}`);

      // A visitor is asked to sign up before taking part.
      await visitor.page.goto(`/post/${postId}`);
      const visitorLike = visitor.page.getByRole('button', { name: /^Like this post/ });
      await visitorLike.waitFor();
      await holdClock(visitor.page);
      await visitorLike.click();
      await advanceUntil(
        visitor.page,
        toast(visitor.page, 'Please sign up to like posts'),
        visitor.page.getByRole('link', { name: 'Sign Up' }).first(),
      );
      await visitor.page.clock.resume();
      await visitor.page.getByText('Please sign up to comment on posts').waitFor();

      // The second member likes, comments, replies, rates and reports.
      const p = other.page;
      await p.goto(`/post/${postId}`);
      await setTheme(p, theme);
      await p.getByRole('button', { name: 'Like this post, 0 likes' }).click();
      await p.getByRole('button', { name: 'Unlike this post, 1 like', pressed: true }).waitFor();

      const comments = p.getByRole('region', { name: /^Comments/ });
      await comments.getByLabel('Add a comment').fill('  What lovely arches!  ');
      await comments.getByRole('button', { name: 'Comment', exact: true }).click();
      await comments.getByText('What lovely arches!', { exact: true }).waitFor();
      await comments.getByRole('button', { name: `Reply to ${member.name}` }).click();
      await comments.getByLabel(`Reply to ${member.name}`).fill('And the toes too.');
      await comments.getByRole('button', { name: 'Reply', exact: true }).click();
      await comments
        .getByRole('list', { name: `Replies to ${member.name}` })
        .getByText('And the toes too.')
        .waitFor();
      await comments.getByRole('button', { name: 'Like comment, 0 likes' }).first().click();
      await comments.getByRole('button', { name: 'Unlike comment, 1 like' }).waitFor();

      // The score buttons are labels over visually hidden radios: click what a person sees.
      await p
        .locator('label')
        .filter({ has: p.getByRole('radio', { name: '8' }) })
        .click();
      await p.getByRole('button', { name: 'Submit rating: 8/10' }).click();
      await p.getByText(/^You rated this post 8\/10\. Thanks for voting!$/).waitFor();

      await p.getByRole('button', { name: 'Report' }).click();
      const dialog = p.getByRole('dialog', { name: 'Report this post' });
      await dialog.getByRole('radiogroup', { name: 'Reason' }).waitFor();
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      // Said in the dialog, by the choices (a toast over a modal dialog would take its Escape).
      await dialog.getByText('Please provide a reason for reporting this post').waitFor();
      await dialog.getByRole('radio', { name: 'Not feet' }).check();
      await dialog.getByLabel('Details (optional)').fill('Not a photo of feet.');
      await dialog.getByRole('button', { name: 'Submit Report' }).click();
      await dialog.waitFor({ state: 'detached' });

      // What the member did is kept: the counts the author sees on a fresh load.
      await page.reload();
      await page.getByRole('button', { name: 'Like this post, 1 like' }).waitFor();
      await page.getByRole('link', { name: '2 comments: go to comments' }).waitFor();
      await page.getByText('What lovely arches!', { exact: true }).waitFor();
      // The members' part stands beside the AI's: their average and how many voted.
      expect(await page.getByText(/ · Members 8\.0 from 1 vote$/).count()).toBe(1);

      if (device === 'desktop' && theme === 'light') {
        await captureVariants(p, 'post');
        await p.goto(`/leaderboard?q=${encodeURIComponent(author.name)}`);
        await p.locator(`a[href="/post/${postId}"]`).waitFor();
        await captureVariants(p, 'leaderboard');
      } else {
        await screenshot(p, `post-${theme}-${device}-member`);
      }

      // A long thread is one request, the member's hearts included: none per comment.
      // (Within the comment allowance of 6 a minute per account.)
      const notes = await addNotes(owner.context, postId, 1, 6);
      await addNotes(other.context, postId, 7, 9);
      for (const commentId of notes.slice(0, 5)) {
        const res = await other.context.request.post(`/api/comments/${commentId}/like`);
        expect(res.status()).toBe(200);
      }
      const asked: string[] = [];
      p.on('request', (request) => {
        asked.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      await p.goto(`/post/${postId}`);
      await comments.getByText('Note 9', { exact: true }).waitFor();
      // Drawn by the server for a visitor, the thread is read again with the member's hearts
      // once the browser knows its session: wait for them, then count.
      const pressed = comments.getByRole('button', { name: /^Unlike comment/, pressed: true });
      await pressed.nth(5).waitFor();
      expect(await pressed.count()).toBe(6);
      expect(await comments.getByRole('button', { name: /^Like comment/ }).count()).toBe(5);
      expect(asked.filter((line) => /^GET \/api\/comments\//.test(line))).toEqual([]);
      expect(asked.filter((line) => line === `GET /api/posts/${postId}/comments`)).toHaveLength(1);

      expect([...owner.errors, ...other.errors, ...visitor.errors]).toEqual([]);
    } finally {
      await Promise.all([owner.context.close(), other.context.close(), visitor.context.close()]);
    }
  });
});

describe('a visitor who posts a rating before registering', () => {
  it('has it published once registered, and lands on the post', async () => {
    const { context, page, errors } = await newPage(browser, baseUrl, VIEWPORTS.phone);
    const email = uniqueEmail('e2e.pending');
    try {
      await page.goto('/');
      await passGate(page);
      await uploadPhoto(page, 31);
      await page.getByRole('button', { name: 'Post to Leaderboard' }).click();
      await page.waitForURL('**/register');

      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      // Registering signs the account in: the saved rating is posted at once, and the
      // verification mail is announced on the way.
      await page.getByText('Check Your Email!').first().waitFor();
      await page.waitForURL(/\/post\/[^/]+$/);
      await page.getByText('This is your post.').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('savedRating'))).toBeNull();
      await screenshot(page, 'post-owner-light-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a member who double-clicks', () => {
  it('posts the rating and the comment once each, and lands on the post', async () => {
    const author = await verifiedMember('e2e.dblclick');
    const { context, page, errors } = await openAs(author);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') writes.push(new URL(request.url()).pathname);
    });
    try {
      await page.goto('/');
      await uploadPhoto(page, 43);
      await page.getByRole('button', { name: 'Post to Leaderboard' }).dblclick();
      await page.waitForURL(/\/post\/[^/]+$/);
      const postId = postIdOf(page);

      const comments = page.getByRole('region', { name: /^Comments/ });
      await comments.getByLabel('Add a comment').fill('Twice clicked, once said.');
      await comments.getByRole('button', { name: 'Comment', exact: true }).dblclick();
      await comments.getByText('Twice clicked, once said.', { exact: true }).waitFor();
      // Each request was sent at its click: by now a second one would have gone out.
      expect(writes.filter((path) => path === '/api/posts/publish')).toHaveLength(1);
      expect(writes.filter((path) => path === `/api/posts/${postId}/comments`)).toHaveLength(1);
      expect(await comments.getByText('Twice clicked, once said.', { exact: true }).count()).toBe(
        1,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a member on My Posts', () => {
  it('sees each post’s counts without hovering, and deletes a post after confirming', async () => {
    const author = await verifiedMember('e2e.myposts');
    const { context, page, errors } = await openAs(author);
    try {
      await page.goto('/');
      await uploadPhoto(page, 41);
      await page.getByRole('button', { name: 'Post to Leaderboard' }).click();
      await page.waitForURL(/\/post\/[^/]+$/);
      const postId = postIdOf(page);

      await page.goto('/my-posts');
      await page.getByRole('heading', { level: 1, name: 'My Posts' }).waitFor();
      const link = page.locator(`a[href="/post/${postId}"]`);
      // Touch has no hover: the counts show on every card, not only on focus.
      const counts = link.getByRole('list');
      expect(await counts.isVisible()).toBe(true);
      expect(await counts.textContent()).toContain('0 votes');
      await captureVariants(page, 'my-posts');

      await page.getByRole('button', { name: /^Delete post from / }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Post?' });
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Upload Your First Post' }).waitFor();
      expect(await link.count()).toBe(0);

      await page.goto(`/post/${postId}`);
      await page.getByRole('heading', { name: 'Post not found' }).waitFor();
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a new account rating a post on a phone', () => {
  it('jumps to the rating form from the photo, and reads its vote as pending until its day is up', async () => {
    // The one app here where a new account waits its day (the shared one counts votes at once).
    const app = await startBuiltApp({ VOTE_WAIT_HOURS: '24' });
    const author = await verifiedMemberPage(
      browser,
      app.baseUrl,
      uniqueEmail('e2e.wait.author'),
      PASSWORD,
    );
    const rater = await verifiedMemberPage(
      browser,
      app.baseUrl,
      uniqueEmail('e2e.wait.rater'),
      PASSWORD,
      VIEWPORTS.phone,
    );
    try {
      // A post without an AI score: nothing counts on it until a member's vote does.
      const published = await author.context.request.post('/api/posts/publish-direct', {
        multipart: {
          image: { name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(59) },
        },
      });
      expect(published.status()).toBe(201);
      const { id } = (await published.json()) as { id: string };
      const { page } = rater;
      await skipGate(page);
      await page.goto(`/post/${id}`);
      await page.getByText('Be the first to rate this post.').waitFor();

      // On a phone the form is far below: "Rate this", by the photo, takes the focus to it.
      const jump = page.getByRole('link', { name: 'Rate this' });
      await jump.focus();
      await page.keyboard.press('Enter');
      const form = page.locator('#rate-post');
      const zero = form.getByRole('radio', { name: '0', exact: true });
      await focusReaches(zero);
      await expect
        .poll(() => form.evaluate((el) => el.getBoundingClientRect().top))
        .toBeLessThan(VIEWPORTS.phone.height / 2);
      await screenshot(page, 'post-rate-this-light-phone');

      await form
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: '6', exact: true }) })
        .click();
      // The rating's answer first: the read below must not overtake it.
      await Promise.all([
        page.waitForResponse(
          (answer) => answer.url().endsWith('/api/ratings/submit') && answer.status() === 201,
        ),
        form.getByRole('button', { name: 'Submit rating: 6/10' }).click(),
      ]);
      // The toast says why and when, in the browser's own time zone.
      const countsFrom = (
        (await (await rater.context.request.get(`/api/posts/${id}/user-rating`)).json()) as {
          countsFrom: string;
        }
      ).countsFrom;
      expect(countsFrom).toMatch(/^\d{4}-\d\d-\d\dT/);
      const shown = await page.evaluate(
        (iso) =>
          `${new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(new Date(iso))} ${new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))}`,
        countsFrom,
      );
      await toast(
        page,
        `You rated this post 6/10. New accounts' votes count after 24 hours, to keep the boards fair: yours counts from ${shown}.`,
      ).waitFor();

      // After a reload too: pending, with its moment, and never "be the first" beside it.
      await page.reload();
      await page.getByText('No counted ratings yet').waitFor();
      expect(await page.getByText(`Your 6/10 counts from ${shown}.`).count()).toBe(2);
      expect(await page.getByText('Be the first to rate this post.').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Rate this' }).count()).toBe(0);
      await captureVariants(page, 'post-pending-vote');
      expect([...author.errors, ...rater.errors]).toEqual([]);
    } finally {
      await Promise.all([author.context.close(), rater.context.close()]);
      await app.stop();
    }
  });
});
