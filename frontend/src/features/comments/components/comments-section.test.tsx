// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderPage, stubFetch, testQueryClient } from '@/test/render';

import { commentKeys } from '../api/comment-keys';
import type { Comment } from '../types';
import { CommentsSection } from './comments-section';

const thread = (id: string, text: string): Comment => ({
  id,
  postId: 'p1',
  userId: 'u1',
  username: 'SunnyOtter0427',
  displayUsername: null,
  profilePictureUrl: null,
  text,
  createdAt: '2026-11-20T10:00:00.000Z',
  likesCount: 0,
  likedByViewer: false,
  parentCommentId: null,
  replies: [],
});

const NEXT = '/api/posts/p1/comments?limit=50&cursor=abc';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CommentsSection', () => {
  it('given more threads than a page, when the next page is asked for, then it is added after the first and the button goes', async () => {
    const fetchMock = stubFetch(
      () =>
        new Response(JSON.stringify([thread('c1', 'First page again'), thread('c2', 'Later')]), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    const queryClient = testQueryClient();
    queryClient.setQueryData(commentKeys.ofPost('p1'), {
      threads: [thread('c1', 'First page')],
      next: NEXT,
    });
    await renderPage(
      <CommentsSection postId="p1" viewer={null} id="comments" onChanged={() => undefined} />,
      queryClient,
    );
    // The count waits for the whole thread: a loaded part would say too few.
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show more comments' }));
    await screen.findByText('Later');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([NEXT]);
    // A thread already shown (posted here meanwhile) is not shown twice.
    expect(screen.getAllByText(/^First page/)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show more comments' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeTruthy();
    // The button had the focus and is gone: it moves to the first thread the page brought.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Later'));
    expect(document.activeElement?.tagName).toBe('LI');
  });
});
