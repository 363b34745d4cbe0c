// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';

import type { HeldPost } from '../types';
import { HeldPostsAdmin } from './held-posts-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FOURTEEN_SCORES = {
  'face.ssd': 0.64,
  'face.human': 0.41,
  'nsfw.drawing': 0.02,
  'nsfw.hentai': 0.01,
  'nsfw.neutral': 0.9,
  'nsfw.porn': 0.01,
  'nsfw.sexy': 0.06,
  'pose.nose': 0.12,
  'pose.leftEye': 0.1,
  'pose.rightEye': 0.1,
  'pose.leftEar': 0.05,
  'pose.rightEar': 0.04,
  'pose.leftShoulder': 0.03,
  'pose.rightShoulder': 0.02,
};

const held = {
  id: 'p-1',
  userId: 'u-1',
  author: { id: 'u-1', name: 'SunnyOtter0427', email: 'ann@example.com' },
  imageUrl: '/uploads/a.webp',
  thumbnailUrl: '/uploads/a-480.webp',
  averageRating: 7,
  aiRating: 7,
  voteCount: 0,
  likesCount: 0,
  commentsCount: 0,
  isPublic: true,
  isModerated: false,
  listed: false,
  removed: false,
  heldForReview: true,
  removalReason: null,
  autoHidden: false,
  authorBanned: false,
  pendingReports: 0,
  moderationFlags: [],
  boostType: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  heldReason: 'gate_review',
  gateVerdict: { outcome: 'review', reason: 'face', scores: FOURTEEN_SCORES, gate: 'offline-v1' },
  similarTo: [],
} satisfies HeldPost;

const page = (items: HeldPost[]) => ({ items, total: items.length, page: 1, pageSize: 25 });

describe('HeldPostsAdmin', () => {
  it('given the content check held a post, says its strongest reason in one sentence, with the scores behind a disclosure', async () => {
    stubFetch(() => answer(200, page([held])));
    const { user } = await renderPage(<HeldPostsAdmin search={{}} setSearch={vi.fn()} />);

    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(row).getByText('Held by the content check')).toBeTruthy();
    expect(within(row).getByText('Maybe a face: 0.64')).toBeTruthy();

    const disclosure = within(row).getByText('All 14 scores from offline-v1');
    const details = disclosure.closest('details')!;
    expect(details.open).toBe(false);
    disclosure.focus();
    expect(document.activeElement).toBe(disclosure);
    await user.click(disclosure);
    expect(details.open).toBe(true);
    expect(within(details).getByText('face.ssd')).toBeTruthy();
  });

  it('given every post waits for approval, names it apart from the content check', async () => {
    stubFetch(() =>
      answer(200, page([{ ...held, heldReason: 'approval_required', gateVerdict: null }])),
    );
    await renderPage(<HeldPostsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(row).getByText('Waiting for approval')).toBeTruthy();
    expect(within(row).queryByText('Held by the content check')).toBeNull();
  });

  it('given the re-post check held a post, says it looks like another post and links to it', async () => {
    stubFetch(() =>
      answer(200, page([{ ...held, heldReason: 'repost_review', similarTo: ['p-0'] }])),
    );
    await renderPage(<HeldPostsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(row).getByText('Looks like another post')).toBeTruthy();
    expect(within(row).queryByText('Held by the content check')).toBeNull();
    expect(within(row).queryByText('Waiting for approval')).toBeNull();
    const other = within(row).getByRole('link', { name: 'Open the other post' });
    expect(other.getAttribute('href')).toBe('/rtm-sys/post/p-0');
  });

  it('given a photo like several posts, links to each', async () => {
    stubFetch(() =>
      answer(200, page([{ ...held, heldReason: 'repost_review', similarTo: ['p-7', 'p-8'] }])),
    );
    await renderPage(<HeldPostsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    const list = within(row).getByRole('list', { name: 'Posts it looks like' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Open other post 1', '/rtm-sys/post/p-7'],
      ['Open other post 2', '/rtm-sys/post/p-8'],
    ]);
  });
});
