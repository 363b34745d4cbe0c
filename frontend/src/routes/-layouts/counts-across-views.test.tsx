// @vitest-environment happy-dom
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { usePostComment, useDeleteComment } from '@/features/comments/api/comments';
import type { Comment } from '@/features/comments/types';
import { boardQueryOptions } from '@/features/leaderboard/api/boards';
import { PostCard } from '@/features/leaderboard/components/post-card';
import { postQueryOptions } from '@/features/post/api/get-post';
import { useSubmitRating } from '@/features/post/api/rate-post';
import { LikeButton } from '@/features/post/components/like-button';
import { publicProfileQueryOptions } from '@/features/profile/api/get-public-profile';
import { ProfilePostGrid } from '@/features/profile/components/profile-post-grid';
import { closeToasts, answer, renderPage, stubFetch, testQueryClient } from '@/test/render';
import type { Post } from '@/types/api';
import { postsKey } from '@/lib/post-keys';

const BOARD = { tab: 'all', sort: 'top', q: '' } as const;

const post = {
  id: 'p1',
  userId: 'u1',
  username: 'Author1',
  displayUsername: null,
  imageUrl: '/uploads/1.webp',
  thumbnailUrl: '/uploads/1.thumb.webp',
  averageRating: '7.0',
  voteCount: 4,
  communityAverage: null,
  likesCount: 3,
  commentsCount: 2,
  isBoosted: false,
  boostType: null,
} as unknown as Post;

const thread: Comment = {
  id: 'c1',
  postId: 'p1',
  userId: 'u2',
  username: 'Member2',
  displayUsername: null,
  profilePictureUrl: null,
  text: 'Nice',
  createdAt: '2026-03-20T12:00:00Z',
  likesCount: 0,
  likedByViewer: false,
  parentCommentId: null,
  replies: [],
};

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = testQueryClient();
  queryClient.setQueryData(postQueryOptions('p1').queryKey, { ...post, weeklyRank: 1 } as never);
  queryClient.setQueryData(boardQueryOptions(BOARD).queryKey, {
    pages: [{ items: [post], next: null }],
    pageParams: ['/api/posts?sort=top&limit=24'],
  });
  queryClient.setQueryData(publicProfileQueryOptions('u1').queryKey, {
    user: { id: 'u1' },
    posts: [{ ...post, overallRating: '7.0' }],
  } as never);
  queryClient.setQueryData(postsKey('/api/posts', 'p1', 'comments'), {
    threads: [{ ...thread, replies: [{ ...thread, id: 'c2', parentCommentId: 'c1' }] }],
    next: null,
  });
});

afterEach(() => {
  cleanup();
  closeToasts();
  vi.unstubAllGlobals();
});

/** The post page's like and writes, with the board's cards and the profile's grid beside it. */
function Views() {
  const { data: shown } = useQuery(postQueryOptions('p1'));
  const board = useInfiniteQuery(boardQueryOptions(BOARD));
  const profile = useQuery(publicProfileQueryOptions('u1'));
  const comment = usePostComment('p1');
  const deleteComment = useDeleteComment('p1');
  const rate = useSubmitRating('p1');
  return (
    <>
      {shown ? <LikeButton postId="p1" likesCount={shown.likesCount} signedIn /> : null}
      <button onClick={() => comment.mutate({ text: 'Lovely' })}>Comment</button>
      <button onClick={() => deleteComment.mutate('c1')}>Delete thread</button>
      <button onClick={() => rate.mutate(9)}>Rate 9</button>
      <section aria-label="Board">
        {board.data?.pages
          .flatMap((page) => page.items)
          .map((item) => (
            <PostCard key={item.id} post={item} />
          ))}
      </section>
      <section aria-label="Profile">
        {profile.data ? <ProfilePostGrid posts={profile.data.posts} /> : null}
      </section>
    </>
  );
}

const cardIn = (place: string) => within(screen.getByRole('region', { name: place }));
const boardCard = () => cardIn('Board').getByRole('link').textContent;
const profileCard = () => cardIn('Profile').getByRole('link').textContent;

describe('a post’s figures across the cached views', () => {
  it('given the post on the board and a profile, when it is liked on its page, then both cards show the server’s count', async () => {
    stubFetch((url, init) =>
      url.endsWith('/like') && init?.method === 'POST'
        ? answer(200, { success: true, liked: true, likesCount: 5 })
        : answer(200, { liked: false }),
    );
    const { user } = await renderPage(<Views />, queryClient);

    await user.click(await screen.findByRole('button', { name: 'Like this post, 3 likes' }));

    await waitFor(() => expect(boardCard()).toContain('5 likes'));
    expect(profileCard()).toContain('5 likes');
    expect(screen.getByRole('button', { name: 'Unlike this post, 5 likes' })).toBeTruthy();
  });

  it('given a like the server refuses, when it fails, then every card has its count back', async () => {
    stubFetch((url, init) =>
      url.endsWith('/like') && init?.method === 'POST'
        ? answer(503, { message: 'Server unavailable' })
        : answer(200, { liked: false }),
    );
    const { user } = await renderPage(<Views />, queryClient);

    await user.click(await screen.findByRole('button', { name: 'Like this post, 3 likes' }));

    await screen.findByRole('button', { name: 'Like this post, 3 likes' });
    expect(boardCard()).toContain('3 likes');
    expect(profileCard()).toContain('3 likes');
  });

  it('given a new comment and a deleted thread with its reply, when each is done, then the cards count them', async () => {
    stubFetch((_url, init) =>
      init?.method === 'POST'
        ? answer(201, { ...thread, id: 'c3', text: 'Lovely' })
        : answer(200, { success: true }),
    );
    const { user } = await renderPage(<Views />, queryClient);

    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(boardCard()).toContain('3 comments'));
    expect(profileCard()).toContain('3 comments');

    await user.click(screen.getByRole('button', { name: 'Delete thread' }));
    await waitFor(() => expect(boardCard()).toContain('1 comment'));
    expect(profileCard()).toContain('1 comment');
  });

  it('given a rating, when the server counts it, then the card shows the new average and the board is read again when next shown', async () => {
    stubFetch((url) =>
      url === '/api/ratings/submit'
        ? answer(200, {
            success: true,
            averageRating: '7.4',
            voteCount: 5,
            countsFrom: null,
            message: null,
          })
        : answer(200, { ...post, averageRating: '7.4', voteCount: 5, weeklyRank: 1 }),
    );
    const { user } = await renderPage(<Views />, queryClient);

    await user.click(screen.getByRole('button', { name: 'Rate 9' }));

    await waitFor(() => expect(boardCard()).toContain('7.4'));
    // Its order may change: the board and the profile are stale, for their next showing.
    expect(queryClient.getQueryState(boardQueryOptions(BOARD).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(publicProfileQueryOptions('u1').queryKey)?.isInvalidated).toBe(
      true,
    );
  });
});
