// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, renderPage, stubFetch } from '@/test/render';

import type { AdminPost, AdminReport } from '../types';
import { AdminPostView } from './admin-post-view';
import { ReportsAdmin } from './reports-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post: AdminPost = {
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
  listed: true,
  removed: false,
  heldForReview: false,
  removalReason: null,
  autoHidden: true,
  authorBanned: false,
  pendingReports: 2,
  moderationFlags: [],
  boostType: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

const report = (id: string, patch: Partial<AdminReport>): AdminReport => ({
  id,
  postId: 'p-1',
  post,
  reporter: { id: `u-${id}`, name: `Reporter ${id}`, email: null },
  author: post.author,
  reporterId: `u-${id}`,
  authorId: 'u-1',
  category: 'other',
  reason: '',
  status: 'pending',
  createdAt: '2026-11-22T11:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  hidePost: false,
  note: null,
  ...patch,
});

const reports = [
  report('r-1', { category: 'nudity', reason: '' }),
  report('r-2', { category: 'minor', reason: 'Looks like a child’s foot' }),
  // A report from before categories: the API answers it as other.
  report('r-3', { category: undefined, reason: 'Shows a face' }),
];
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 25 });

/** The texts of a report's reason cell, in the order shown. */
const texts = (cell: HTMLElement) =>
  Array.from(cell.querySelectorAll('p')).map((p) => p.textContent);

describe('report categories in the back office', () => {
  it('shows each report’s category first on the Reports page, then the reporter’s words', async () => {
    stubFetch((url) => answer(200, url.startsWith('/api/rtm-sys/dashboard') ? {} : page(reports)));
    await renderPage(<ReportsAdmin search={{}} setSearch={vi.fn()} />);
    const nudity = (await screen.findByText('by Reporter r-1 · against SunnyOtter0427'))
      .parentElement!;
    expect(texts(nudity)).toEqual(['Nudity', 'by Reporter r-1 · against SunnyOtter0427']);
    const minor = screen.getByText('by Reporter r-2 · against SunnyOtter0427').parentElement!;
    expect(texts(minor)).toEqual([
      'A minor',
      'Looks like a child’s foot',
      'by Reporter r-2 · against SunnyOtter0427',
    ]);
    const old = screen.getByText('by Reporter r-3 · against SunnyOtter0427').parentElement!;
    expect(texts(old).slice(0, 2)).toEqual(['Other', 'Shows a face']);
  });

  it('lists the reports waiting on a post in the admin post view, category first', async () => {
    const fetchMock = stubFetch((url) =>
      answer(200, url.startsWith('/api/rtm-sys/reports') ? page(reports.slice(0, 2)) : post),
    );
    await renderPage(<AdminPostView id="p-1" />);
    const section = await screen.findByRole('region', { name: 'Reports waiting (2)' });
    const [first, second] = within(section).getAllByRole('listitem');
    expect(texts(first!).slice(0, 1)).toEqual(['Nudity']);
    expect(texts(second!).slice(0, 2)).toEqual(['A minor', 'Looks like a child’s foot']);
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/rtm-sys/reports?postId=p-1&status=pending&pageSize=100');
    expect(screen.getByText(/2 pending reports$/)).toBeTruthy();
  });

  it('counts one waiting report in the singular', async () => {
    stubFetch((url) =>
      answer(
        200,
        url.startsWith('/api/rtm-sys/reports')
          ? page(reports.slice(0, 1))
          : { ...post, pendingReports: 1 },
      ),
    );
    await renderPage(<AdminPostView id="p-1" />);
    await screen.findByRole('region', { name: 'Reports waiting (1)' });
    expect(screen.getByText(/ · 1 pending report$/)).toBeTruthy();
  });
});
