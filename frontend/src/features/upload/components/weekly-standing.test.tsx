// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';

import { WeeklyStanding } from './weekly-standing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WeeklyStanding', () => {
  it('given a week with rated posts, when the score is shown, then it says where it stands and would rank', async () => {
    const fetchMock = stubFetch(() =>
      answer(200, { betterThanPercent: 72, weeklyRankIfPosted: 3, weeklyPostCount: 25 }),
    );
    await renderPage(<WeeklyStanding score="7.7" />);
    expect(await screen.findByText('Better than 72% of this week’s feet')).toBeTruthy();
    expect(screen.getByText('#3 this week if you post it now')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/leaderboard/standing?score=7.7');
  });

  it('given an empty week, when the score is shown, then it would be the first post, with no rank to boast of', async () => {
    stubFetch(() =>
      answer(200, { betterThanPercent: null, weeklyRankIfPosted: 1, weeklyPostCount: 0 }),
    );
    await renderPage(<WeeklyStanding score="5.0" />);
    expect(await screen.findByText('The first post this week')).toBeTruthy();
    expect(screen.queryByText(/this week if you post it now/)).toBeNull();
    expect(screen.queryByText(/Better than/)).toBeNull();
  });

  it('given a week of one other post, when shown, then it says how few, not "better than 100%"', async () => {
    stubFetch(() =>
      answer(200, { betterThanPercent: 100, weeklyRankIfPosted: 1, weeklyPostCount: 1 }),
    );
    await renderPage(<WeeklyStanding score="9.0" />);
    expect(await screen.findByText('Only 1 rated post this week so far')).toBeTruthy();
    expect(screen.queryByText(/%|if you post it now/)).toBeNull();
  });

  it('given a score below every post of a busy week, when shown, then it never says better than 0%', async () => {
    stubFetch(() =>
      answer(200, { betterThanPercent: 0, weeklyRankIfPosted: 9, weeklyPostCount: 8 }),
    );
    await renderPage(<WeeklyStanding score="1.0" />);
    expect(await screen.findByText('Not above any of this week’s 8 rated posts yet')).toBeTruthy();
    expect(screen.queryByText(/0%/)).toBeNull();
  });

  it('given a photo that would wait for approval, when shown, then no rank is promised', async () => {
    stubFetch(() =>
      answer(200, { betterThanPercent: 72, weeklyRankIfPosted: 3, weeklyPostCount: 25 }),
    );
    await renderPage(<WeeklyStanding score="7.7" held />);
    expect(await screen.findByText('Better than 72% of this week’s feet')).toBeTruthy();
    expect(screen.queryByText(/if you post it now/)).toBeNull();
  });

  it('given the request still running, when shown, then it says it is loading', async () => {
    stubFetch(() => new Promise<Response>(() => undefined));
    await renderPage(<WeeklyStanding score="7.7" />);
    expect(screen.getByText('Finding where your score stands this week…')).toBeTruthy();
  });

  it('given the server fails, when shown, then it says the standing could not be loaded', async () => {
    stubFetch(() => answer(500, { message: 'boom' }));
    await renderPage(<WeeklyStanding score="7.7" />);
    expect(
      await screen.findByText('Where this stands this week could not be loaded.'),
    ).toBeTruthy();
  });
});
