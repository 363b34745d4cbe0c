import { randomUUID } from 'node:crypto';
import type { DomainEvent, RecordedEvent } from '../../../domain/shared/event';
import { allProjections } from '../../../projections/all-projections';
import type { EventStore } from '../../ports/event-store.port';
import type { ReadModelWrite, ReadStore } from '../../ports/read-store.port';
import type { Clock } from '../../shared/clock';
import { ProjectionProgress, type RunningProjections } from '../../shared/projection-progress';
import { CommunityWrites } from '../community-writes';
import { PostReads } from '../post-reads';

export const NOW = new Date('2026-11-18T12:00:00.000Z');

/**
 * A community handler's world for its spec: the stores it is given (an in-memory event store
 * and read store), every projection kept up to date by catching up whenever a handler waits
 * for its writes (read-your-writes, as the runner does it), and the shared services built on
 * them. Given events on their streams, when a handler runs, then the events its streams hold.
 * Test code only: the build leaves `testing` folders out.
 */
export function communityWorld(eventStore: EventStore, readStore: ReadStore) {
  const clock: Clock = { now: () => NOW };
  let position: bigint | null = null;

  async function catchUp(): Promise<void> {
    const events = await eventStore.readAll(position === null ? {} : { after: position });
    for (const event of events) {
      await readStore.commit(await projected(readStore, event), {
        name: 'read-models',
        position: event.position,
      });
      position = event.position;
    }
  }

  const runner: RunningProjections = {
    get position() {
      return position;
    },
    waitForPosition: async () => {
      await catchUp();
      return true;
    },
  };
  const progress = new ProjectionProgress(() => runner, readStore);

  return {
    eventStore,
    readStore,
    clock,
    progress,
    writes: new CommunityWrites(eventStore, clock, progress),
    reads: new PostReads(readStore, clock),
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

/** What every projection makes of one event, as the runner writes it. */
async function projected(readStore: ReadStore, event: RecordedEvent): Promise<ReadModelWrite[]> {
  const writes: ReadModelWrite[] = [];
  for (const projection of allProjections) {
    if (!projection.handles.includes(event.type)) continue;
    const named = projection.documentId(event);
    for (const id of named === null ? [] : typeof named === 'string' ? [named] : named) {
      const { collection } = projection;
      const before = await readStore.findOne(collection, { _id: id });
      const after = projection.apply(before, event, id);
      writes.push(
        after
          ? { kind: 'upsert', collection, document: after }
          : { kind: 'delete', collection, id },
      );
    }
  }
  return writes;
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

/** An uploaded photo rated, publishable by whoever holds the key whose hash is given. */
export function photoRated(ratingId: string, publishKeyHash: string): DomainEvent {
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
    },
  };
}
