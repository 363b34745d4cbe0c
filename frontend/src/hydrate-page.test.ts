import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { SESSION_QUERY_KEY } from '@/features/session/api/get-session';

import { onBrowserClock } from './hydrate-page';

const MINUTE = 60_000;

/** The server's cache as it draws a page for a visitor, at `serverNow` by its clock. */
function serverState(serverNow: number) {
  const server = new QueryClient();
  server.setQueryData(SESSION_QUERY_KEY, null, { updatedAt: serverNow });
  server.setQueryData(['/api/posts/p'], { id: 'p' }, { updatedAt: serverNow });
  return dehydrate(server);
}

describe('onBrowserClock', () => {
  it('given a server whose clock is ahead of the browser’s, when its page hydrates, then a read that asks for fresh data asks the server again', async () => {
    const browserNow = Date.now();
    const client = new QueryClient();
    hydrate(client, onBrowserClock(serverState(browserNow + 10 * MINUTE), browserNow));

    let asked = 0;
    const user = await client.fetchQuery({
      queryKey: SESSION_QUERY_KEY,
      queryFn: () => {
        asked += 1;
        return { id: 'member' };
      },
      staleTime: 0,
    });

    expect(asked).toBe(1);
    expect(user).toEqual({ id: 'member' });
  });

  it('given the server’s answers, when set on the browser’s clock, then their data stays as it was and only their times move', () => {
    const state = serverState(Date.now() + 10 * MINUTE);

    const moved = onBrowserClock(state, 1_000);

    expect(moved.queries.map((query) => query.state.data)).toEqual([null, { id: 'p' }]);
    expect(moved.queries.map((query) => query.state.dataUpdatedAt)).toEqual([1_000, 1_000]);
    expect(moved.queries.map((query) => query.dehydratedAt)).toEqual([1_000, 1_000]);
    expect(moved.queries.map((query) => query.queryHash)).toEqual(
      state.queries.map((query) => query.queryHash),
    );
  });
});
