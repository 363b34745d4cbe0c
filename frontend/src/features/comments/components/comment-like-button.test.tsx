// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { commentKeys } from '../api/comment-keys';
import { commentsQueryOptions } from '../api/comments';
import type { Comment, LoadedThreads } from '../types';
import { CommentLikeButton } from './comment-like-button';

const reply: Comment = {
  id: 'c2',
  postId: 'p1',
  userId: 'u2',
  username: 'SunnySoles',
  displayUsername: null,
  profilePictureUrl: null,
  text: 'Thanks!',
  createdAt: '2026-03-20T12:00:00Z',
  likesCount: 4,
  likedByViewer: false,
  parentCommentId: 'c1',
  replies: [],
};
const thread: Comment = {
  ...reply,
  id: 'c1',
  parentCommentId: null,
  likesCount: 0,
  likedByViewer: true,
  replies: [reply],
};

/** A fetch whose calls stay open until the test settles the last one. */
function controllableFetch() {
  let settle: (response: Response) => void = () => {};
  const fetchMock = vi.fn<typeof fetch>(
    () =>
      new Promise<Response>((resolve) => {
        settle = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, settle: (response: Response) => act(() => settle(response)) };
}

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(commentKeys.ofPost('p1'), { threads: [thread], next: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the button for a comment as the comment list does: from the cached tree. */
function LikeFromCache({ id }: { id: string }) {
  const { data } = useQuery(commentsQueryOptions('p1'));
  const comment = (data?.threads ?? []).flatMap((c) => [c, ...c.replies]).find((c) => c.id === id);
  return comment ? <CommentLikeButton comment={comment} signedIn /> : null;
}

function renderButton(id: string) {
  render(
    <QueryClientProvider client={queryClient}>
      <LikeFromCache id={id} />
    </QueryClientProvider>,
  );
}

const likeButton = () => screen.getByRole('button', { name: /comment, \d+ likes?$/ });
const cached = (id: string) =>
  queryClient
    .getQueryData<LoadedThreads>(commentKeys.ofPost('p1'))!
    .threads.flatMap((c) => [c, ...c.replies])
    .find((c) => c.id === id)!;
const cachedCount = (id: string) => cached(id).likesCount;

describe('CommentLikeButton', () => {
  it('shows the viewer’s like from the thread, asking the server nothing', async () => {
    const { fetchMock } = controllableFetch();
    renderButton('c1');
    renderButton('c2');
    const [liked, notLiked] = screen.getAllByRole('button', { name: /comment, \d+ likes?$/ });
    expect(liked!.getAttribute('aria-pressed')).toBe('true');
    expect(liked!.getAttribute('aria-label')).toBe('Unlike comment, 0 likes');
    expect(notLiked!.getAttribute('aria-pressed')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a like at once and keeps the server’s count', async () => {
    const { settle, fetchMock } = controllableFetch();
    renderButton('c2');
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));

    await userEvent.click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeButton().textContent).toContain('5');
    expect(cachedCount('c2')).toBe(5);

    await settle(new Response('{"success":true,"liked":true,"likesCount":7}', { status: 200 }));
    await waitFor(() => expect(cachedCount('c2')).toBe(7));
    expect(cached('c2').likedByViewer).toBe(true);
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/comments/c2/like',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('rolls back when the server refuses', async () => {
    const { settle } = controllableFetch();
    renderButton('c2');
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));

    await userEvent.click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(cachedCount('c2')).toBe(5);

    await settle(new Response('{"message":"Server unavailable"}', { status: 503 }));
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(cachedCount('c2')).toBe(4);
    expect(cached('c2').likedByViewer).toBe(false);
    expect(likeButton().textContent).toContain('4');
    // The rest of the thread is untouched.
    expect(cachedCount('c1')).toBe(0);
  });
});
