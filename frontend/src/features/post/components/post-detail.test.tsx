// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatCountsFrom } from '@/lib/counts-from';
import { postPage } from '@/test/post-page';
import { answer, renderPage, stubFetch } from '@/test/render';

import type { PostPage } from '../types';
import { PostDetail } from './post-detail';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '3f0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b11';
const AUTHOR = '9b0c8a52-6d1e-4b8f-9a51-2c7f0e1d9b22';
const COUNTS_FROM = '2026-11-28T21:14:00.000Z';

const post = postPage({ id: ID, userId: AUTHOR });

function serve(ownRating: { rating: number | null; countsFrom: string | null }) {
  return stubFetch((url) => {
    if (url.endsWith('/user-rating')) return answer(200, ownRating);
    if (url.endsWith('/like')) return answer(200, { liked: false });
    return answer(404, { message: 'Not found' });
  });
}

const show = (page: PostPage, viewer: { id: string } | null = { id: 'viewer' }) =>
  renderPage(<PostDetail post={page} viewer={viewer} commentsAnchor="comments" />);

describe('PostDetail', () => {
  it('given the photo’s size, when shown, then the photo keeps its own shape; without one, a square', async () => {
    serve({ rating: null, countsFrom: null });
    const { container } = await show({ ...post, imageWidth: 1200, imageHeight: 800 });
    const photo = container.querySelector('img[fetchpriority="high"]')!;
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['1200', '800']);
    expect(photo.className).not.toContain('aspect-square');
    cleanup();
    const square = (await show(post)).container.querySelector('img[fetchpriority="high"]')!;
    expect(square.getAttribute('width')).toBeNull();
    expect(square.className).toContain('aspect-square');
  });

  it('given member votes, when shown, then the AI score and the members’ average stand apart', async () => {
    serve({ rating: null, countsFrom: null });
    await show(post);
    await screen.findByText('AI 7.4 · Members 6.8 from 12 votes');
  });

  it('given no member votes, when shown, then it says so beside the AI score', async () => {
    serve({ rating: null, countsFrom: null });
    await show({ ...post, voteCount: 0, communityAverage: null, averageRating: '7.4' });
    await screen.findByText('AI 7.4 · No member votes yet');
  });

  it('given the viewer’s pending vote on an unrated post, when shown, then it reads as pending and never as “be the first”', async () => {
    serve({ rating: 6, countsFrom: COUNTS_FROM });
    await show({
      ...post,
      aiRating: null,
      averageRating: null,
      voteCount: 0,
      communityAverage: null,
    });
    const line = `Your 6/10 counts from ${formatCountsFrom(COUNTS_FROM)}.`;
    await waitFor(() =>
      expect(screen.getAllByText((_, el) => el?.textContent === line).length).toBeGreaterThan(0),
    );
    expect(screen.queryByText(/Be the first/)).toBeNull();
    expect(screen.queryByText('Not rated yet')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Rate this' })).toBeNull();
  });

  it('given a viewer who has not rated, when “Rate this” is followed, then the rating form takes the focus', async () => {
    serve({ rating: null, countsFrom: null });
    const { user } = await show(post);
    const first = await screen.findByRole('radio', { name: '0' });
    const jump = screen.getByRole('link', { name: 'Rate this' });
    expect(jump.getAttribute('href')).toBe('#rate-post');
    await user.click(jump);
    expect(document.activeElement).toBe(first);
  });

  it('given the owner, when shown, then there is no “Rate this”', async () => {
    serve({ rating: null, countsFrom: null });
    await show(post, { id: AUTHOR });
    await screen.findByText('AI 7.4 · Members 6.8 from 12 votes');
    expect(screen.queryByRole('link', { name: 'Rate this' })).toBeNull();
  });
});
