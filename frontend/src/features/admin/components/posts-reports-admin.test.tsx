// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, closeToasts, renderPage, stubFetch } from '@/test/render';

import type { AdminPost, AdminReport } from '../types';
import { PostsAdmin } from './posts-admin';
import { ReportsAdmin } from './reports-admin';

afterEach(() => {
  cleanup();
  closeToasts();
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
  autoHidden: false,
  authorBanned: false,
  pendingReports: 0,
  moderationFlags: [],
  boostType: null,
  createdAt: '2026-11-22T10:00:00.000Z',
};

const report: AdminReport = {
  id: 'r-1',
  postId: 'p-1',
  post,
  reporter: { id: 'u-2', name: 'VividBadger5671', email: null },
  author: post.author,
  reporterId: 'u-2',
  authorId: 'u-1',
  category: 'face_or_person',
  reason: 'Shows a face',
  status: 'pending',
  createdAt: '2026-11-22T11:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  hidePost: false,
  note: null,
};

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 25 });
const counts = { pendingPosts: 1, pendingReports: 1, users: 2, boosts: 3 };

describe('admin screens', () => {
  it('shows the posts queue with the dashboard counts and approves a post pending review', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/rtm-sys/dashboard')) return answer(200, counts);
      if (init?.method === 'PATCH') return answer(200, { ...post, isModerated: true });
      return answer(200, page([post]));
    });
    const { user } = await renderPage(<PostsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(row).getByText('Not yet reviewed')).toBeTruthy();
    const dashboard = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(await within(dashboard).findByText('2 accounts')).toBeTruthy();
    expect(within(dashboard).getByText('1 pending review')).toBeTruthy();
    expect(within(dashboard).getByText('3 running')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(String(patch[0])).toBe('/api/rtm-sys/posts/p-1');
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ isModerated: true });
  });

  it('names a held post apart from one pending review in the posts list', async () => {
    stubFetch((url) =>
      answer(
        200,
        url.startsWith('/api/rtm-sys/dashboard')
          ? counts
          : page([{ ...post, heldForReview: true, listed: false }]),
      ),
    );
    await renderPage(<PostsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('ann@example.com')).closest('tr')!;
    expect(within(row).getByText('Held, not public')).toBeTruthy();
    expect(within(row).queryByText('Not yet reviewed')).toBeNull();
  });

  it('shows an empty queue plainly', async () => {
    stubFetch((url) => answer(200, url.startsWith('/api/rtm-sys/dashboard') ? counts : page([])));
    await renderPage(<PostsAdmin search={{}} setSearch={vi.fn()} />);
    expect(await screen.findByText('No posts are waiting for review.')).toBeTruthy();
  });

  it('reviews a pending report with hiding, and says "Failed to update report" when refused', async () => {
    let refuse = true;
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/rtm-sys/dashboard')) return answer(200, counts);
      if (init?.method === 'PATCH') {
        return refuse
          ? answer(409, { message: 'This report has already been reviewed' })
          : answer(200, { ...report, status: 'reviewed' });
      }
      return answer(200, page([report]));
    });
    const { user } = await renderPage(<ReportsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('Shows a face')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Review & hide' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Face visible');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to update report. This report has already been reviewed',
    );

    refuse = false;
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Review' }));
    const bodies = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(bodies.at(-1)).toEqual({ status: 'reviewed', hidePost: true, note: 'Face visible' });
  });

  it('removes a reported post from the Reports page, with the reason the dialog requires', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url.startsWith('/api/rtm-sys/dashboard')) return answer(200, counts);
      if (init?.method === 'DELETE') return answer(200, { ...post, removed: true });
      return answer(200, page([report]));
    });
    const { user } = await renderPage(<ReportsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('Shows a face')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove post' });
    expect(within(dialog).getByText(/pending reports are settled/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 'A face is visible');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE')!;
    expect(url).toBe('/api/rtm-sys/posts/p-1');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'A face is visible' });
  });

  it('says in the Remove dialog that a running boost ends with the post', async () => {
    stubFetch((url) =>
      answer(
        200,
        url.startsWith('/api/rtm-sys/dashboard')
          ? counts
          : page([{ ...report, post: { ...post, boostType: 'mega' } }]),
      ),
    );
    const { user } = await renderPage(<ReportsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('Shows a face')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove post' });
    expect(
      within(dialog).getByText(/Its running Mega Boost ends with it and is not refunded\.$/),
    ).toBeTruthy();
  });

  it('offers no Remove for a report whose post is already removed', async () => {
    stubFetch((url) =>
      answer(
        200,
        url.startsWith('/api/rtm-sys/dashboard')
          ? counts
          : page([{ ...report, post: { ...post, removed: true, listed: false } }]),
      ),
    );
    await renderPage(<ReportsAdmin search={{}} setSearch={vi.fn()} />);
    const row = (await screen.findByText('Shows a face')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('shows the server’s error instead of a list', async () => {
    stubFetch(() => answer(401, { message: 'Please sign in as an admin to continue.' }));
    await renderPage(<ReportsAdmin search={{}} setSearch={vi.fn()} />);
    expect(await screen.findByText('Please sign in as an admin to continue.')).toBeTruthy();
  });
});
