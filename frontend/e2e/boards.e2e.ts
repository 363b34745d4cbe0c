import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { join } from 'node:path';

import { launchBrowser, makePhoto, SCREENSHOT_DIR, VIEWPORTS } from './support/browser';
import {
  captureVariants,
  focusReaches,
  skipGate,
  uniqueEmail,
  verifiedMemberPage,
  type Device,
} from './support/pages';
import { publishRatedPhoto } from './support/posts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'boards password 1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A verified member signed in on a context of its own, past the gate. */
async function member(label: string, device: Device = 'desktop') {
  const opened = await verifiedMemberPage(
    browser,
    baseUrl,
    uniqueEmail(label),
    PASSWORD,
    VIEWPORTS[device],
  );
  await skipGate(opened.page);
  return opened;
}

const photo = async (seed: number) => ({
  image: { name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(seed) },
});

/** Posts a photo without a rating through the api; answers the post id. */
async function postDirect(context: BrowserContext, seed: number): Promise<string> {
  const published = await context.request.post('/api/posts/publish-direct', {
    multipart: await photo(seed),
  });
  expect(published.status()).toBe(201);
  return ((await published.json()) as { id: string }).id;
}

/** The weekly board's card of a post (its link to the post page). */
const cardOf = (page: Page, postId: string) =>
  page.getByRole('list', { name: 'This week’s posts' }).locator(`a[href="/post/${postId}"]`);

describe('boards and posts', () => {
  it('gives the weekly podium to rated posts only, on cards that line up', async () => {
    const author = await member('podium');
    const direct = await postDirect(author.context, 71);
    const rated = await publishRatedPhoto(author.context.request, 72);
    const { page } = author;
    await page.goto('/leaderboard?tab=week');
    await cardOf(page, direct).waitFor();
    await cardOf(page, rated).waitFor();

    // The unrated post has no place: "Unrated", no badge; every badge sits on a rated card.
    await expect.poll(() => cardOf(page, direct).textContent()).toContain('Unrated');
    expect(
      await cardOf(page, direct)
        .getByText(/^(1st|2nd|3rd|4th|5th) place$/)
        .count(),
    ).toBe(0);
    const cards = page.getByRole('list', { name: 'This week’s posts' }).getByRole('link');
    const texts = await cards.allTextContents();
    const badged = texts.filter((text) => /(1st|2nd|3rd|4th|5th) place/.test(text));
    expect(badged.length).toBeGreaterThan(0);
    for (const text of badged) expect(text).not.toContain('Unrated');
    // Ranked cards come first: no badge after the first unrated card.
    const firstUnrated = texts.findIndex((text) => text.includes('Unrated'));
    expect(texts.slice(firstUnrated).some((text) => / place/.test(text))).toBe(false);

    for (const device of ['desktop', 'phone'] as const) {
      await page.setViewportSize(VIEWPORTS[device]);
      // One image aspect for every card, names and counts on one line per row.
      const boxes = await cards.evaluateAll((links) =>
        links.map((link) => {
          const image = link.querySelector('img')!.getBoundingClientRect();
          const name = link.querySelector('p')!.getBoundingClientRect();
          const badges = Array.from(link.querySelectorAll('span.rounded-full')).map(
            (badge) => badge.getBoundingClientRect().height,
          );
          return { image, name, badges, cardWidth: link.getBoundingClientRect().width };
        }),
      );
      for (const box of boxes) {
        expect(Math.abs(box.image.width - box.image.height)).toBeLessThan(1);
        // A badge is one line (an icon and a word): never as tall as two.
        for (const height of box.badges) expect(height).toBeLessThan(30);
        // The name has the card's width, not a corner of it.
        expect(box.name.width).toBeGreaterThan(box.cardWidth * 0.8);
      }
      const rows = new Map<number, number[]>();
      for (const box of boxes) {
        const top = Math.round(box.image.top);
        rows.set(top, [...(rows.get(top) ?? []), Math.round(box.name.top)]);
      }
      for (const names of rows.values()) expect(new Set(names).size).toBe(1);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    await captureVariants(page, 'boards-weekly');
    await author.context.close();
  });

  it('shows a post’s category scores and rank this week under one heading', async () => {
    const author = await member('post-page');
    const postId = await publishRatedPhoto(author.context.request, 73);
    const answer = (await (await author.context.request.get(`/api/posts/${postId}`)).json()) as {
      weeklyRank: number;
    };
    expect(answer.weeklyRank).toBeGreaterThan(0);
    const { page } = author;
    await page.goto(`/post/${postId}`);
    await page.getByText(`#${answer.weeklyRank} this week`).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const categories = page.getByRole('list', { name: 'Category scores' });
    for (const name of ['Toe Alignment', 'Toe Nails', 'Foot Shape', 'Aesthetic']) {
      await categories.getByRole('progressbar', { name }).waitFor();
    }
    await captureVariants(page, 'post-page');
    await author.context.close();
  });

  it('says “Reported” instead of reopening the report form, after a reload too', async () => {
    const author = await member('reported-author');
    const postId = await publishRatedPhoto(author.context.request, 74);
    await author.context.close();
    const reader = await member('reporter', 'phone');
    const { page } = reader;
    await page.goto(`/post/${postId}`);
    const report = page.getByRole('button', { name: 'Report' });

    // The score's radios are one Tab stop too: arrows choose, Tab leaves for the button.
    const isFocused = (element: HTMLElement | SVGElement) => element === document.activeElement;
    await page.getByRole('radio', { name: '0', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '1', exact: true }).evaluate(isFocused)).toBe(
      true,
    );
    await page.keyboard.press('Tab');
    const submitScore = page.getByRole('button', { name: 'Submit rating: 1/10' });
    expect(await submitScore.evaluate(isFocused)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await page.getByRole('radio', { name: '1', exact: true }).evaluate(isFocused)).toBe(
      true,
    );

    await report.click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radiogroup', { name: 'Reason' }).waitFor();
    await captureVariants(page, 'report-dialog');

    // Every control is reached with Tab (the radio group is one stop) and the focus stays inside.
    const focusable = [
      dialog.getByRole('radio', { name: 'Face or person' }),
      dialog.getByLabel('Details (optional)'),
      dialog.getByRole('button', { name: 'Cancel' }),
      dialog.getByRole('button', { name: 'Submit Report' }),
      dialog.getByRole('button', { name: 'Close' }),
    ];
    await focusable[0].focus();
    for (const next of [...focusable.slice(1), focusable[0]]) {
      await page.keyboard.press('Tab');
      expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    // The keyboard's focus is drawn around the choice it is on.
    await captureVariants(page, 'report-dialog-focus', ['phone']);

    // Sent without a category: the dialog says what is missing, beside the choices.
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    const group = dialog.getByRole('radiogroup', { name: 'Reason' });
    await dialog.getByText('Please provide a reason for reporting this post').waitFor();
    expect(await group.getAttribute('aria-invalid')).toBe('true');
    await captureVariants(page, 'report-dialog-missing-reason');

    // Escape closes it and gives the focus back to the Report button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await focusReaches(report);

    await report.click();
    await dialog.getByRole('radio', { name: 'Not feet' }).check();
    await dialog.getByLabel('Details (optional)').fill('Not a photo of feet');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await dialog.waitFor({ state: 'detached' });
    const reported = page.getByRole('button', { name: 'Reported' });
    await reported.waitFor();
    expect(await reported.isDisabled()).toBe(true);
    // The focus comes back to the same button, now saying “Reported”.
    await focusReaches(reported);
    await page.reload();
    await reported.waitFor();
    expect(await reported.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Report', exact: true }).count()).toBe(0);
    await captureVariants(page, 'post-reported');
    await reader.context.close();

    // A refusal of the server (here: this account's report is already waiting, sent from
    // another tab) is said in the dialog, which stays open with what was chosen.
    const second = await member('reporter-twice');
    await second.page.goto(`/post/${postId}`);
    await second.page.getByRole('button', { name: 'Report' }).click();
    const again = second.page.getByRole('dialog', { name: 'Report this post' });
    await again.getByRole('radio', { name: 'Other' }).check();
    const elsewhere = await second.context.request.post(`/api/posts/${postId}/report`, {
      data: { category: 'spam' },
    });
    expect(elsewhere.status()).toBe(201);
    await again.getByRole('button', { name: 'Submit Report' }).click();
    await again.getByText('You have already reported this post').first().waitFor();
    expect(await again.getByRole('radio', { name: 'Other' }).isChecked()).toBe(true);
    await captureVariants(second.page, 'report-dialog-refused');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    await focusReaches(second.page.getByRole('button', { name: 'Reported' }));
    await second.context.close();
  });

  it('posts directly only after Publish, with the upload’s progress; Cancel posts nothing', async () => {
    const author = await member('direct', 'phone');
    const { page, context } = author;
    const ownPosts = async () =>
      ((await (await context.request.get('/api/user/posts')).json()) as unknown[]).length;
    const choose = async (seed: number) => {
      await page.goto('/');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Post directly without rating' }).click();
      await (
        await chooser
      ).setFiles({ name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(seed) });
      await page.getByRole('heading', { name: 'Post this photo?' }).waitFor();
      await page.getByRole('img', { name: 'The photo you chose' }).waitFor();
    };

    await choose(75);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Post directly without rating' }).waitFor();
    expect(await ownPosts()).toBe(0);

    await choose(75);
    expect(await ownPosts()).toBe(0);
    await captureVariants(page, 'direct-post-review');
    // Every value the progress bar shows while the photo is sent (it goes fast on this machine).
    await page.evaluate(() => {
      const seen: number[] = [];
      Object.assign(window, { progressSeen: seen });
      new MutationObserver(() => {
        const bar = document.querySelector('[aria-label="Upload progress"]');
        const value = bar?.getAttribute('aria-valuenow');
        if (value) seen.push(Number(value));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/post\/[0-9a-f-]{36}$/);
    expect(await ownPosts()).toBe(1);
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: number[] }).progressSeen,
    );
    expect(Math.max(...seen)).toBe(100);
    await context.close();
  });

  it('shows My Posts’ votes, likes and comments without hover', async () => {
    const author = await member('my-posts', 'phone');
    await publishRatedPhoto(author.context.request, 77);
    const { page } = author;
    await page.goto('/my-posts');
    for (const text of ['0 votes', '0 likes', '0 comments']) {
      const count = page.getByText(text, { exact: true });
      await count.waitFor();
      // Seen as the page stands (no pointer over it): nothing on the way up is transparent.
      const opacity = await count.evaluate((element) => {
        let shown = 1;
        for (let node: Element | null = element; node; node = node.parentElement) {
          shown *= Number(getComputedStyle(node).opacity);
        }
        return shown;
      });
      expect(opacity).toBeGreaterThan(0.9);
    }
    await captureVariants(page, 'my-posts');
    await author.context.close();
  });

  it('brings the score into view after rating on a phone', async () => {
    const { page, context } = await member('rating-scroll', 'phone');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page
      .getByLabel('Choose a photo')
      .setInputFiles({ name: 'feet.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(78) });
    const result = page.getByRole('region', { name: 'Your SoleScore' });
    await result.waitFor();
    const score = result.getByText('Overall score');
    await expect
      .poll(() =>
        score.evaluate((element) => {
          const card = element.closest('.rounded-xl.border')!;
          const { top, bottom } = card.getBoundingClientRect();
          return top >= 0 && bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The viewport as the phone shows it, not the whole page.
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'rating-scrolled-light-phone.png') });
    await context.close();
  });
});
