import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { unclaimedBoostsQueryOptions } from '@/features/boost/api/unclaimed-boosts';
import { commentsQueryOptions } from '@/features/comments/api/comments';
import { boardQueryOptions, closedWeeksQueryOptions } from '@/features/leaderboard/api/boards';
import { ownPostsQueryOptions } from '@/features/my-posts/api/own-posts';
import { postQueryOptions } from '@/features/post/api/get-post';
import { currentProfileQueryOptions } from '@/features/profile/api/get-current-profile';
import { publicProfileQueryOptions } from '@/features/profile/api/get-public-profile';
import { SESSION_QUERY_KEY } from '@/features/session/api/get-session';
import { invalidatePostReads } from '@/lib/post-reads';

import { POST_READS } from './post-reads';

const showPosts: [string, QueryKey][] = [
  ['the general board', boardQueryOptions({ tab: 'all', sort: 'top', q: '' }).queryKey],
  ['the weekly board', boardQueryOptions({ tab: 'week', sort: 'recent', q: 'x' }).queryKey],
  ['the closed weeks', closedWeeksQueryOptions().queryKey],
  ['a post page', postQueryOptions('p1').queryKey],
  ["a post's comments", commentsQueryOptions('p1').queryKey],
  ['a profile', publicProfileQueryOptions('u1').queryKey],
  ['own posts', ownPostsQueryOptions().queryKey],
];

const other: [string, QueryKey][] = [
  ['the session', SESSION_QUERY_KEY],
  ['the profile settings', currentProfileQueryOptions().queryKey],
  ['the unused boosts', unclaimedBoostsQueryOptions().queryKey],
];

function cacheWith(keys: [string, QueryKey][]): QueryClient {
  const queryClient = new QueryClient();
  for (const [, key] of keys) queryClient.setQueryData(key, {});
  return queryClient;
}

describe('the reads that show posts, as the site layout names them', () => {
  it.each(showPosts)('take in %s', async (_name, key) => {
    const queryClient = cacheWith(showPosts);
    await invalidatePostReads(queryClient, POST_READS, 'none');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it.each(other)('leave out %s', async (_name, key) => {
    const queryClient = cacheWith(other);
    await invalidatePostReads(queryClient, POST_READS, 'none');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
  });

  it("name one post's reads for removal", () => {
    const queryClient = cacheWith(showPosts);
    queryClient.removeQueries({ queryKey: POST_READS.ofPost('p1') });
    expect(queryClient.getQueryData(postQueryOptions('p1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(commentsQueryOptions('p1').queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(publicProfileQueryOptions('u1').queryKey)).toBeDefined();
  });
});
