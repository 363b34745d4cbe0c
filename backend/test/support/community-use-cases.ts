import type { GateVerdict } from '../../src/domain/photo-rating/photo-rating.events';
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../src/application/ports/event-store.port';
import type { ReadStore } from '../../src/application/ports/read-store.port';
import type { Clock } from '../../src/application/shared/clock';
import {
  ProjectionProgress,
  type RunningProjections,
} from '../../src/application/shared/projection-progress';
import { PostReads } from '../../src/application/community/post-reads';
import { StreamWrites } from '../../src/application/shared/stream-writes';
import type { DomainEvent } from '../../src/domain/shared/event';
import { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { allProjections, PROJECTIONS_VERSION } from '../../src/projections/all-projections';

export const NOW = new Date('2026-11-18T12:00:00.000Z');

/**
 * A community handler's world for its spec: the stores it is given (an in-memory event store
 * and read store), the read models replayed by the projection runner whenever a handler waits
 * for its writes (read-your-writes; a spec's log is a handful of events, so a replay is cheap
 * and leaves no subscription running), and the shared services built on them. Given events on
 * their streams, when a handler runs, then the events its streams hold.
 */
export function communityWorld(eventStore: EventStore, readStore: ReadStore) {
  const clock: Clock = { now: () => NOW };
  const projections = new ProjectionRunner(eventStore, readStore, allProjections, {
    version: PROJECTIONS_VERSION,
    logger: { log: () => undefined, warn: () => undefined, error: console.error },
  });
  const catchUp = () => projections.rebuild();

  const runner: RunningProjections = {
    get position() {
      return projections.position;
    },
    waitForPosition: async () => {
      await catchUp();
      return true;
    },
  };
  const progress = new ProjectionProgress(() => runner, readStore);
  const streamWrites = new StreamWrites(eventStore, clock, progress);
  const reads = new PostReads(readStore, clock);

  return {
    eventStore,
    readStore,
    clock,
    progress,
    streamWrites,
    writes: streamWrites,
    reads,
    /** Appends each stream's events as `actorId` did, then projects them. */
    async given(actorId: string, streams: Record<string, DomainEvent[]>): Promise<void> {
      for (const [streamId, events] of Object.entries(streams)) {
        await eventStore.appendToStream(
          streamId,
          events.map((event) => ({
            id: randomUUID(),
            ...event,
            metadata: {
              actor: { type: 'user', id: actorId },
              correlationId: 'given',
              causationId: 'given',
              at: NOW.toISOString(),
            },
          })),
        );
      }
      await catchUp();
    },
    /** The types and data of a stream's events, in order. */
    async then(streamId: string): Promise<DomainEvent[]> {
      const events = await eventStore.readStream(streamId);
      return events.map(({ type, data }) => ({ type, data }));
    },
  };
}

/** The stored image of a post or rating `id` (its content hash made from the id). */
export function imageOf(id: string) {
  const contentHash = id.replace(/-/g, '').padEnd(64, '0');
  return {
    imageUrl: `/uploads/${contentHash.slice(0, 2)}/${contentHash}.webp`,
    thumbnailUrl: `/uploads/${contentHash.slice(0, 2)}/${contentHash}-480.webp`,
    imageHash: '0f0f0f0f0f0f0f0f',
    contentHash,
  };
}

/** The AI's scores every rating of these specs has. */
export const SCORES = { toeAlignment: 7, toeNails: 7, footShape: 7, aesthetic: 7 };

/** A post published by `authorId` (with an AI rating), as its stream records it. */
export function postPublished(postId: string, authorId: string): DomainEvent {
  const ai = { ratingId: postId, overall: 7, ...SCORES, comment: 'Neat.', rater: 'offline' };
  return { type: 'PostPublished', data: { postId, authorId, image: imageOf(postId), ai } };
}

/**
 * An uploaded photo rated, publishable by whoever holds the key whose hash is given (with the
 * content gate's verdict when one is given).
 */
export function photoRated(
  ratingId: string,
  publishKeyHash: string,
  gate?: GateVerdict,
): DomainEvent {
  return {
    type: 'PhotoRated',
    data: {
      ratingId,
      ...imageOf(ratingId),
      ...SCORES,
      overall: 7,
      comment: 'Neat.',
      rater: 'offline',
      uploaderId: null,
      publishKeyHash,
      ...(gate && { gate }),
    },
  };
}
