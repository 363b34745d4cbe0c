import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Debian's Chromium, headless, with the flags this network-less machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A full-page screenshot of the screen as it stands: once every image on it has loaded (lazy ones
 * below the fold aside), with CSS transitions and animations run to their end (Playwright's
 * `animations: 'disabled'`), so a resize or a theme change just made is photographed finished.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'),
  );
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/**
 * A photo-like JPEG (gradients, shapes and detail) made on the fly: no binary fixtures. Each
 * seed lays out its own light and shade (a band of tiles of seeded tones), so two seeds are two
 * different photos to the app's re-post check (their perceptual hashes differ in many bits),
 * while the same seed is the same photo. No faces, no people: the content gate passes them.
 * The browser tests share one app, where a photo another account posted is refused as a
 * re-post, also after a crop or a turn: give each test that publishes a seed no other test uses
 * (used: 2-4, 7, 9, 11, 12, 21, 22, 31, 41, 61, 71-79, 82, 91, 4242, 8123). The tiles' random
 * tones make each seed's photo its own: of seeds 1-100, 4 pairs read as edits of each other
 * (28/37, 29/83, 49/97, 65/74), so those are not used together.
 */
export async function makePhoto(seed = 1): Promise<Buffer> {
  let state = (seed * 2654435761) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const tiles = Array.from({ length: 108 }, (_, i) => {
    const tone = Math.round(20 + next() * 215);
    return `<rect x="${(i % 12) * 100}" y="${Math.floor(i / 12) * 100}" width="100" height="100" fill="rgb(${tone},${Math.round(tone * 0.8)},${Math.round(tone * 0.65)})" opacity="0.9"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f3d9c4"/><stop offset="1" stop-color="#8a5a44"/>
    </linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/>
    ${tiles}
    ${Array.from({ length: 5 }, (_, i) => `<ellipse cx="${380 + i * 110}" cy="${300 + ((i * seed) % 3) * 20}" rx="48" ry="64" fill="#e8b89a" stroke="#5a3a2a" stroke-width="6"/>`).join('')}
    <path d="M300 420 Q600 ${780 + (seed % 8) * 10} 900 420 Z" fill="#dba48a" stroke="#5a3a2a" stroke-width="8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}
