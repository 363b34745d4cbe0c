import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiGetPage, nextLink } from './api-pages';

/** The server answers every request with `response`. */
const mockFetch = (response: Response) =>
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(response));
afterEach(() => vi.unstubAllGlobals());

describe('nextLink', () => {
  it('reads the next page address of a Link header', () => {
    expect(nextLink('</api/posts?sort=top&cursor=abc>; rel="next"')).toBe(
      '/api/posts?sort=top&cursor=abc',
    );
  });

  it('accepts unquoted and multi-valued relations among other links', () => {
    expect(nextLink('</a>; rel=prev, </b?cursor=2>; title="x"; rel="last next"')).toBe(
      '/b?cursor=2',
    );
    expect(nextLink('</b>;rel=NEXT')).toBe('/b');
  });

  it('is null without a next link', () => {
    expect(nextLink(null)).toBeNull();
    expect(nextLink('')).toBeNull();
    expect(nextLink('</a>; rel="prev"')).toBeNull();
  });
});

describe('apiGetPage', () => {
  it('gives the items and the next page address', async () => {
    mockFetch(
      new Response('[{"id":"p1"}]', {
        status: 200,
        headers: { Link: '</api/posts?cursor=c1>; rel="next"' },
      }),
    );
    await expect(apiGetPage('/api/posts')).resolves.toEqual({
      items: [{ id: 'p1' }],
      next: '/api/posts?cursor=c1',
    });
  });

  it('has no next page on the last one', async () => {
    mockFetch(new Response('[]', { status: 200 }));
    await expect(apiGetPage('/api/posts')).resolves.toEqual({ items: [], next: null });
  });
});
