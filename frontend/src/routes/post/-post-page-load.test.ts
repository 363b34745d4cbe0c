import { isNotFound } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer, stubFetch, testQueryClient } from '@/test/render';

import { Route } from './$id';
import { postsKey } from '@/lib/post-keys';

type Loader = (args: {
  context: { queryClient: ReturnType<typeof testQueryClient> };
  params: { id: string };
}) => Promise<unknown>;

afterEach(() => vi.unstubAllGlobals());

describe('the post page’s loading', () => {
  it('asks for the thread beside the post, before the post has come', async () => {
    let answerPost: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch((url) =>
      url.includes('/comments')
        ? answer(200, [])
        : new Promise<Response>((resolve) => (answerPost = resolve)),
    );
    const queryClient = testQueryClient();
    const loading = (Route.options.loader as unknown as Loader)({
      context: { queryClient },
      params: { id: 'p1' },
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(
      expect.arrayContaining(['/api/posts/p1', '/api/posts/p1/comments?limit=50']),
    );
    answerPost(answer(200, { id: 'p1' }));
    await loading;
    expect(queryClient.getQueryData(postsKey('/api/posts', 'p1', 'comments'))).toEqual({
      threads: [],
      next: null,
    });
  });

  it('given a post the api does not have, then the route is not found, not failed (drawn alike on both sides of hydration)', async () => {
    stubFetch(() => answer(404, { message: 'Post not found' }));
    const loading = (Route.options.loader as unknown as Loader)({
      context: { queryClient: testQueryClient() },
      params: { id: 'gone' },
    });
    const refusal = await loading.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isNotFound(refusal)).toBe(true);
  });

  it('given an api that fails, then the route fails (its error page offers a retry)', async () => {
    stubFetch(() => answer(500, { message: 'Internal server error' }));
    const loading = (Route.options.loader as unknown as Loader)({
      context: { queryClient: testQueryClient() },
      params: { id: 'p1' },
    });
    const refusal = await loading.then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(Error);
    expect(isNotFound(refusal)).toBe(false);
  });
});
