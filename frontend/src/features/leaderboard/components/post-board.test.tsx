// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';
import type { Post } from '@/types/api';

import { PostBoard } from './post-board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function post(index: number): Post {
  return {
    id: `p-${index}`,
    userId: `u-${index}`,
    username: `Author${index}`,
    displayUsername: null,
    imageUrl: `/uploads/${index}.webp`,
    thumbnailUrl: `/uploads/${index}.thumb.webp`,
    averageRating: 7,
    likesCount: 0,
    commentsCount: 0,
    isBoosted: false,
    boostType: null,
    rank: null,
  } as unknown as Post;
}

describe('PostBoard', () => {
  it("fetches the first four cards' photos at once and first, and lets the others wait until scrolled near", async () => {
    stubFetch(() =>
      answer(
        200,
        Array.from({ length: 6 }, (_, i) => post(i + 1)),
      ),
    );
    await renderPage(
      <Suspense fallback={null}>
        <PostBoard selection={{ tab: 'all', sort: 'recent', q: '' }} />
      </Suspense>,
    );

    const photos = await screen.findAllByRole('img', { name: /^Photo by Author/ });
    expect(
      photos.map((photo) => [photo.getAttribute('loading'), photo.getAttribute('fetchpriority')]),
    ).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ]);
  });

  it('given a board of one post, says "1 post shown", not "1 posts shown"', async () => {
    stubFetch(() => answer(200, [post(1)]));
    await renderPage(
      <Suspense fallback={null}>
        <PostBoard selection={{ tab: 'all', sort: 'recent', q: '' }} />
      </Suspense>,
    );
    await screen.findByRole('img', { name: /^Photo by Author/ });
    expect(screen.getByText('1 post shown')).toBeTruthy();
    expect(screen.queryByText('1 posts shown')).toBeNull();
  });
});
