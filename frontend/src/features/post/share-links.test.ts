import { describe, expect, it } from 'vitest';

import { postShareUrl, SHARE_TARGETS, shareText, shareUrl } from './share-links';

const POST_URL = 'https://solescore.example/post/p-1';

describe('shareText', () => {
  it("is the spec's 'Check out my {rating}/10 rating...' for the owner, with one decimal", () => {
    expect(shareText('7.5', true)).toBe('Check out my 7.5/10 rating...');
    expect(shareText(8, true)).toBe('Check out my 8.0/10 rating...');
  });

  it("says 'this' rating when anyone else shares it", () => {
    expect(shareText('7.8', false)).toBe('Check out this 7.8/10 rating...');
  });

  it('still reads well for a post nobody has rated', () => {
    expect(shareText(null, true)).toBe('Check out my post on SoleScore...');
    expect(shareText(null, false)).toBe('Check out this post on SoleScore...');
  });
});

describe('shareUrl', () => {
  const text = shareText('7.5', true);

  it('offers X, Facebook, WhatsApp and Reddit', () => {
    expect(SHARE_TARGETS.map((t) => t.label)).toEqual(['X', 'Facebook', 'WhatsApp', 'Reddit']);
  });

  it.each([
    ['x', 'https://x.com/intent/tweet', { text, url: POST_URL }],
    ['facebook', 'https://www.facebook.com/sharer/sharer.php', { u: POST_URL }],
    ['whatsapp', 'https://wa.me/', { text: `${text} ${POST_URL}` }],
    ['reddit', 'https://www.reddit.com/submit', { url: POST_URL, title: text }],
  ] as const)('builds the %s share address', (target, base, params) => {
    const url = new URL(shareUrl(target, POST_URL, text));
    expect(`${url.origin}${url.pathname}`).toBe(base);
    for (const [key, value] of Object.entries(params)) {
      expect(url.searchParams.get(key)).toBe(value);
    }
  });

  it('encodes addresses with query strings safely', () => {
    const tricky = 'https://solescore.example/post/a&b=c';
    const url = new URL(shareUrl('reddit', tricky, 'x & y'));
    expect(url.searchParams.get('url')).toBe(tricky);
    expect(url.searchParams.get('title')).toBe('x & y');
  });
});

describe('postShareUrl', () => {
  it('is the post page on this site', () => {
    expect(postShareUrl('https://solescore.example', 'p-1')).toBe(POST_URL);
  });
});
