import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '../application/ports/event-store.port';
import { latencies, loadUntilStopped, type SequentialClient, timed } from './bench-http';
import { benchEvent } from './bench-event';
import type { CommunitySeed } from './community-seed';
import { alternate, type Report, type Rounds } from './figures';

/**
 * What a member meets on a post's page: the thread of comments with their own likes, and a
 * like they give, seen on their next read. Each figure is measured in alternating rounds with
 * an anchor of the same shape on the same server.
 */
export interface LikesAndThreadsOptions {
  /** Posts liked one after another for the like-until-seen figure, over all its rounds. */
  likedPosts: number;
  /** Alternating rounds per figure. */
  rounds: number;
  /** Comments on the post whose thread is read. */
  threadComments: number;
  /** Reads of the thread (and of the board page) per round. */
  threadReads: number;
  /** Connections of the board load that makes the machine busy. */
  connections: number;
}

const GOALS = {
  /** A like until seen, p99, at most this times the same round trips that wait for nothing. */
  likeSeenVsAnchor: 1.2,
  /** The same on a quiet server: bound by the machine, a floor that shows a regression. */
  likeSeenQuietFloor: 2,
  /** The thread with the viewer's likes, p99, at most this times a board page's p99. */
  threadVsBoard: 2,
};

/** The board page that keeps the server busy, and anchors the thread figure. */
const BOARD_PAGE = '/api/posts?sort=top';

export async function likesAndThreads(
  client: SequentialClient,
  port: number,
  seed: CommunitySeed,
  options: LikesAndThreadsOptions,
  report: Report,
): Promise<void> {
  // Posts of every age, spread over the log; not the first, which the like toggler of the
  // boards and searches may have left liked by the same user (a second like changes nothing),
  // and not the last, whose thread is read.
  const step = Math.floor((seed.postIds.length - 2) / (2 * options.likedPosts));
  const postIds = Array.from(
    { length: 2 * options.likedPosts },
    (_, i) => seed.postIds[1 + i * step],
  );
  await likeUntilSeen(client, postIds.slice(0, options.likedPosts), options, report, null);
  await likeUntilSeen(client, postIds.slice(options.likedPosts), options, report, { port });
  await threadOfComments(client, seed.postIds[seed.postIds.length - 1], options, report);
}

/** Where the like's anchor listens: under `/api`, behind the same middleware as the like. */
const LIKE_ANCHOR = '/api/bench-anchor/posts';

/**
 * The like's anchor, installed on the app before it listens: a write that waits for no
 * projection. `POST /api/bench-anchor/posts/:id/like` appends one event to a new stream of the
 * same store (one durable group commit, as the like's) and answers as the like does, behind the
 * same middleware (request id and log, metrics, headers, the cross-site guard), without the
 * command bus, the session, the like's reads or the wait for the read models.
 */
export function installLikeAnchor(app: NestExpressApplication): void {
  const eventStore = app.get<EventStore>(EVENT_STORE);
  app
    .getHttpAdapter()
    .getInstance()
    .post(`${LIKE_ANCHOR}/:id/like`, (request: Request, response: Response, next: NextFunction) => {
      const postId = String(request.params.id);
      eventStore
        .appendToStream(
          `bench-like-anchor-${randomUUID()}`,
          [benchEvent('BenchLikeAnchored', { postId })],
          { expectedRevision: 'no_stream' },
        )
        .then(() => response.json({ success: true, liked: true }), next);
    });
}

/**
 * POST like then GET post, against the same two round trips on a route that waits for no
 * projection (POST to the like's anchor, a durable append and nothing else, then GET post): the
 * difference is the like's own work and its wait for the read models. `busy`: while board pages
 * are read on `connections` connections, in one run of load that lasts the whole figure, its
 * rounds and their anchors alike (back-to-back runs would leave the server unloaded between them).
 */
async function likeUntilSeen(
  client: SequentialClient,
  postIds: readonly string[],
  options: LikesAndThreadsOptions,
  report: Report,
  busy: { port: number } | null,
) {
  const perRound = Math.max(1, Math.floor(postIds.length / options.rounds));
  const likesCount = async (postId: string) =>
    (await client.json<{ likesCount: number }>('GET', `/api/posts/${postId}`)).likesCount;
  let unseen = 0;
  const seen: number[] = [];
  const anchors: number[] = [];
  const round = async (
    index: number,
    into: number[],
    trip: (postId: string) => Promise<number>,
  ) => {
    const samples: number[] = [];
    for (const postId of postIds.slice(index * perRound, (index + 1) * perRound)) {
      samples.push(await trip(postId));
    }
    into.push(...samples);
    return latencies(samples).p99;
  };
  const boards = busy ? await loadUntilStopped(busy.port, BOARD_PAGE, options.connections) : null;
  let rounds: Rounds;
  try {
    rounds = await alternate(
      options.rounds,
      (index) =>
        round(index, seen, async (postId) => {
          const before = await likesCount(postId);
          const started = performance.now();
          await client.json('POST', `/api/posts/${postId}/like`);
          const after = await likesCount(postId);
          if (after !== before + 1) unseen += 1;
          return performance.now() - started;
        }),
      (index) =>
        round(index, anchors, (postId) =>
          timed(async () => {
            await client.json('POST', `${LIKE_ANCHOR}/${postId}/like`);
            await likesCount(postId);
          }),
        ),
    );
  } catch (error) {
    await boards?.stop();
    throw error;
  }
  const meanwhile = await boards?.stop();
  const liked = latencies(seen);
  const reads = latencies(anchors);
  report.figure(
    `a like until its author sees it (POST like, then GET post), ${busy ? 'busy' : 'quiet'}, p99`,
    { rounds, unit: 'ms' },
    {
      name: 'the same two round trips on a route that waits for no projection (POST a durable append, then GET post), p99',
      value: reads.p99,
      unit: 'ms',
    },
    busy
      ? { ratioAtMost: GOALS.likeSeenVsAnchor }
      : { ratioAtMost: GOALS.likeSeenQuietFloor, floor: true },
    {
      'p50 ms': liked.p50,
      'p99 ms': liked.p99,
      'anchor p50 ms': reads.p50,
      'anchor p99 ms': reads.p99,
      likes: liked.count,
      'likes not seen': unseen,
      ...(meanwhile
        ? {
            'board req/s meanwhile': Math.round(meanwhile.perSecond),
            'board failures': meanwhile.failures,
          }
        : {}),
    },
  );
}

/**
 * The thread of a post with `threadComments` comments, a third of them liked by the viewer,
 * read in one request, against a board page read by the same client.
 */
async function threadOfComments(
  client: SequentialClient,
  postId: string,
  options: LikesAndThreadsOptions,
  report: Report,
) {
  const path = `/api/posts/${postId}/comments`;
  for (let i = 0; i < options.threadComments; i += 1) {
    const comment = await client.json<{ id: string }>(
      'POST',
      path,
      { text: `Comment number ${i} on this pair of feet` },
      201,
    );
    if (i % 3 === 0) await client.json('POST', `/api/comments/${comment.id}/like`);
  }
  const thread = await client.json<{ likedByViewer: boolean }[]>('GET', path);
  const liked = thread.filter((comment) => comment.likedByViewer).length;
  // Read and dropped: the client runs in the server's process (see SequentialClient.read).
  const reads = (route: string) => async () => {
    const samples: number[] = [];
    for (let i = 0; i < options.threadReads; i += 1) {
      samples.push(await timed(() => client.read(route)));
    }
    return latencies(samples).p99;
  };
  const rounds = await alternate(options.rounds, reads(path), reads(BOARD_PAGE));
  report.figure(
    `a post's thread of ${thread.length} comments with the viewer's likes, one request, p99`,
    { rounds, unit: 'ms' },
    { name: `GET ${BOARD_PAGE} (a board page), same client, p99`, value: 0, unit: 'ms' },
    { ratioAtMost: GOALS.threadVsBoard },
    { requests: 1, 'comments liked by the viewer': liked },
  );
}
