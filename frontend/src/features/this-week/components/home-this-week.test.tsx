// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';

import { HomeThisWeek } from './home-this-week';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post = (id: string, rank: number, averageRating: string, name: string) => ({
  id,
  rank,
  averageRating,
  imageUrl: `/uploads/${id}.webp`,
  thumbnailUrl: `/uploads/${id}-thumb.webp`,
  username: `anon-${id}`,
  displayUsername: name,
});

describe('HomeThisWeek', () => {
  it('given this week’s top three, when the home page shows, then each card links to its post with score and author, beside the counts', async () => {
    stubFetch(() =>
      answer(200, {
        top: [post('p1', 1, '9.1', 'Ana'), post('p2', 2, '8.4', 'Ben'), post('p3', 3, '7.0', 'Cy')],
        weeklyPostCount: 42,
        weeklyVoteCount: 318,
      }),
    );
    await renderPage(<HomeThisWeek />);
    expect(await screen.findByText('42 posts and 318 votes this week')).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'This week’s top three' })).getAllByRole(
      'link',
    );
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/post/p1',
      '/post/p2',
      '/post/p3',
    ]);
    expect(cards[0]?.getAttribute('aria-label')).toBe('#1: 9.1/10 by Ana');
    expect(within(cards[1]!).getByText('8.4')).toBeTruthy();
  });

  it('given an empty week, when the home page shows, then it invites the first post', async () => {
    stubFetch(() => answer(200, { top: [], weeklyPostCount: 0, weeklyVoteCount: 0 }));
    await renderPage(<HomeThisWeek />);
    expect(await screen.findByText('No posts yet this week: yours could be first')).toBeTruthy();
    expect(screen.getByText('0 posts and 0 votes this week')).toBeTruthy();
  });

  it('given the request still running, when the home page shows, then a skeleton says it is loading', async () => {
    stubFetch(() => new Promise<Response>(() => undefined));
    await renderPage(<HomeThisWeek />);
    expect(screen.getByText('Loading this week’s top posts…')).toBeTruthy();
  });

  it('given the server fails, when the home page shows, then it says so and offers to try again', async () => {
    stubFetch(() => answer(500, { message: 'boom' }));
    await renderPage(<HomeThisWeek />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This week’s top posts could not be loaded.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
