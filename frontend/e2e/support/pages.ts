import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import { screenshot, VIEWPORTS } from './browser';
import { installClock } from './clock';
import { guardAgainstCspViolations } from './csp';
import { guardAgainstHydrationMismatches } from './hydration';

export type Device = keyof typeof VIEWPORTS;
export type Theme = 'light' | 'dark';

/**
 * A fresh browser context (no cookies, no storage) with page errors collected, every
 * Content-Security-Policy violation failing the test (see ./csp), and the fake clock installed
 * before anything runs in it (see ./clock).
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  /** More of the context's options: a phone's touch screen (`hasTouch`, `isMobile`). */
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ ...options, viewport, baseURL: baseUrl });
  await guardAgainstCspViolations(context);
  guardAgainstHydrationMismatches(context);
  const page = await context.newPage();
  waitForReactOnLoad(page);
  await installClock(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * A server-rendered page shows its controls before its script runs, and a click then does
 * nothing: `goto` and `reload` resolve once React holds the whole page (its root created, and
 * every element in it hydrated). Until then the page's data waits in the query cache with no
 * one reading it, where a test's clock jump (`holdClock`) would collect it and the part still
 * to hydrate would draw without it. Pages without the app's root are left alone.
 */
const withoutScripts = new WeakSet<Page>();

/** Refuses the app's scripts on this page (to see what it draws first): never waits for React. */
export async function blockAppScripts(page: Page): Promise<void> {
  withoutScripts.add(page);
  await page.route('**/assets/*.js', (route) => route.abort());
}

function waitForReactOnLoad(page: Page): void {
  const reactHolds = () => {
    const root = document.getElementById('root');
    const held = (node: Element, prefix: string) =>
      Object.keys(node).some((key) => key.startsWith(prefix));
    return (
      !root ||
      (held(root, '__reactContainer') &&
        Array.from(root.querySelectorAll('*')).every((element) => held(element, '__reactFiber')))
    );
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (!withoutScripts.has(page)) await page.waitForFunction(reactHolds);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    if (!withoutScripts.has(page)) await page.waitForFunction(reactHolds);
    return response;
  };
}

export async function passGate(page: Page) {
  // Modal once the page runs: a server-rendered gate is drawn open, but not yet answering.
  await page.locator('dialog:modal').waitFor();
  const gate = page.getByRole('dialog');
  await gate.getByText('Before you continue, please confirm the following').waitFor();
  const proceed = gate.getByRole('button', { name: 'Continue to Site' });
  expect(await proceed.isDisabled()).toBe(true);
  await gate.getByLabel("I'm 18+ years old.").check();
  expect(await proceed.isDisabled()).toBe(true);
  await gate
    .getByLabel(
      "I'll post only photos of my own feet, with no faces, people, or identifiable features.",
    )
    .check();
  expect(await proceed.isEnabled()).toBe(true);
  await proceed.click();
  await gate.waitFor({ state: 'detached' });
}

/** Remembers the gate as accepted before any page loads (for tests about other things). */
export async function skipGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

async function isDark(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

/**
 * Switches the theme with the visible theme toggle, like a person would; where none is visible
 * (e.g. the admin layout on a phone with its drawer closed) the class is set directly.
 */
export async function setTheme(page: Page, theme: Theme) {
  if ((await isDark(page)) === (theme === 'dark')) return;
  const toggles = page.getByRole('button', { name: /^Switch to (dark|light) theme$/ });
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if (await toggle.isVisible()) {
      // A toggle whose own idea of the theme went stale (the class was set directly at another
      // size) flips the wrong way first: each click flips the page, so a second one settles it.
      for (let click = 0; click < 2 && (await isDark(page)) !== (theme === 'dark'); click++) {
        const handle = await toggle.elementHandle();
        const label = await toggle.getAttribute('aria-label');
        await toggle.click();
        // The toggle names the other theme once it has switched its own.
        await page.waitForFunction(
          ([element, was]) => (element as Element).getAttribute('aria-label') !== was,
          [handle, label] as const,
        );
      }
      await page.waitForFunction(
        (dark) => document.documentElement.classList.contains('dark') === dark,
        theme === 'dark',
      );
      // Park the pointer where it hovers nothing, so the toggle is not photographed hovered.
      const size = page.viewportSize();
      if (size) await page.mouse.move(size.width - 1, size.height - 1);
      return;
    }
  }
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, theme === 'dark');
}

/**
 * Screenshots of the current screen in both themes at 390 px and 1280 px, named
 * `<name>-<theme>-<device>.png`; leaves the page in the light theme at its first size.
 */
export async function captureVariants(
  page: Page,
  name: string,
  devices: readonly Device[] = ['phone', 'desktop'],
) {
  const original = page.viewportSize();
  for (const device of devices) {
    await page.setViewportSize(VIEWPORTS[device]);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await screenshot(page, `${name}-${theme}-${device}`);
    }
  }
  await setTheme(page, 'light');
  if (original) await page.setViewportSize(original);
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** The link to `path` in the newest mail to `to`, from the dev outbox (newest first). */
export async function linkFromMail(
  baseUrl: string,
  to: string,
  path: '/verify-email' | '/reset-password',
): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_%-]+`);
  let link: string | undefined;
  const newestLink = async () => {
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail`)).json()) as SentMail[];
    link = mails
      .find((mail) => mail.to === to && pattern.test(mail.text))
      ?.text.match(pattern)?.[0];
    return link;
  };
  // Until the mail is there, as long as Playwright waits for anything (expect.poll's own is 1 s).
  await expect
    .poll(newestLink, { timeout: 30_000, interval: 100, message: `a mail to ${to} with ${path}` })
    .toBeDefined();
  return link!;
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

/** Registers through the api (for tests that are about something else). */
export async function registerByApi(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 201) throw new Error(`Registration failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; anonymousUsername: string };
}

/**
 * An account registered and verified through the api, signed in on a fresh context of its own
 * (for tests that are about something else than signing up). The link is opened where the
 * account is not signed in, so the password is chosen with it (the same one again).
 */
export async function verifiedMemberPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const user = await registerByApi(baseUrl, email, password);
  const token = new URL(await linkFromMail(baseUrl, email, '/verify-email')).searchParams.get(
    'token',
  );
  const opened = await newPage(browser, baseUrl, viewport);
  expect(
    (
      await opened.context.request.post('/api/auth/verify-email', { data: { token, password } })
    ).status(),
  ).toBe(200);
  expect(
    (await opened.context.request.post('/api/auth/login', { data: { email, password } })).status(),
  ).toBe(200);
  return { ...opened, email, user };
}

/**
 * Waits until `target` holds the keyboard's focus: a dialog moves it in after it opens and gives
 * it back after it closes, a moment after the DOM has changed (on a busy machine, later still).
 */
export async function focusReaches(target: Locator): Promise<void> {
  await expect
    .poll(() => target.evaluate((element) => element === document.activeElement), {
      timeout: 30_000,
      interval: 50,
    })
    .toBe(true);
}
