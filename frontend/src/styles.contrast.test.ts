/// <reference types="node" />
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { contrastRatio } from './lib/contrast';

// Read from disk: Vitest blanks CSS imports, even with `?raw`.
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The light tokens (`:root`), or the dark ones (the `dark` variant's block). */
function tokens(selector: ':root' | '.dark'): Record<string, string> {
  const start = css.indexOf(selector === '.dark' ? '@variant dark {' : ':root {');
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]),
  ) as Record<string, string>;
}

/** Text colour on background colour, as the components use them. */
const TEXT_PAIRS: [text: string, background: string][] = [
  ['foreground', 'background'],
  ['foreground', 'muted'],
  ['card-foreground', 'card'],
  ['popover-foreground', 'popover'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'muted'],
  ['primary', 'background'],
  ['primary', 'card'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['accent-foreground', 'accent'],
  ['destructive', 'background'],
  ['destructive', 'card'],
  ['destructive-foreground', 'destructive'],
  ['success', 'card'],
  ['success', 'background'],
  ['success-foreground', 'success'],
  ['warning', 'card'],
  ['warning', 'background'],
  ['warning-foreground', 'warning'],
];

/** Non-text UI: control borders and the focus ring need 3:1 (WCAG 1.4.11). */
const UI_PAIRS: [ui: string, background: string][] = [
  ['input', 'background'],
  ['input', 'card'],
  ['ring', 'background'],
  ['ring', 'card'],
];

describe.each([':root', '.dark'] as const)('%s colour tokens', (selector) => {
  const palette = tokens(selector);

  it.each(TEXT_PAIRS)('%s on %s reaches 4.5:1', (text, background) => {
    expect(contrastRatio(palette[text]!, palette[background]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)('%s on %s reaches 3:1', (ui, background) => {
    expect(contrastRatio(palette[ui]!, palette[background]!)).toBeGreaterThanOrEqual(3);
  });
});

describe('a page without a script', () => {
  it('given a system that prefers dark, then it gets the dark tokens, every one', () => {
    // The dark tokens are the variant's, and the variant is also the system's dark on a page
    // no script marked.
    const from = css.indexOf('@custom-variant dark {');
    const variant = css.slice(from, css.indexOf('\n}\n', from));
    expect(variant).toContain('@media (prefers-color-scheme: dark)');
    expect(variant).toContain(':root:not(.light)');
    expect(Object.keys(tokens('.dark')).length).toBeGreaterThan(20);
  });
});
