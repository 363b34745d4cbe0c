import { createHash } from 'node:crypto';
import { postDecider, postStreamId } from '../../../domain/post/post.decider';
import type { Decider } from '../../../domain/shared/decider';
import type { DomainEvent } from '../../../domain/shared/event';
import { userDecider } from '../../../domain/user/user.decider';
import { AccountKeys, accountStreams } from '../../accounts/account-secrets';
import { SessionRevocations } from '../../accounts/session-revocations';
import { AdminCredentials } from '../../admin-accounts/admin-credentials';
import { AdminRoster } from '../../admin-accounts/admin-roster';
import type { EventStore } from '../../ports/event-store.port';
import type { KeyedHasher } from '../../ports/keyed-hasher.port';
import type { PasswordHasher } from '../../ports/password-hasher.port';
import type { ReadDocument, ReadStore } from '../../ports/read-store.port';
import type { Clock } from '../../shared/clock';
import { commandMetadata } from '../../shared/command-metadata';
import { runDecider, type WithoutMetadata } from '../../shared/decider-runner';
import type { ProjectionProgress } from '../../shared/projection-progress';
import { StreamWrites } from '../../shared/stream-writes';
import { AdminReads } from '../admin-reads';
import type { AdminAct } from '../moderation-writes';
import { ModerationWrites } from '../moderation-writes';

export const NOW = new Date('2026-11-23T10:00:00.000Z');

/** Ids that look like the real ones (the handlers answer 404 for anything but a uuid). */
export const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

export const ADMIN: AdminAct = { adminId: id(900), correlationId: 'spec' };

/** Passwords "hashed" as `$argon2id$<password>`: the specs are about the use cases, not argon2. */
const hashed = (password: string) => `$argon2id$${password}`;
const hasher: PasswordHasher = {
  hash: (password) => Promise.resolve(hashed(password)),
  verify: (hash, password) => Promise.resolve(hash === hashed(password)),
  verifyDecoy: () => Promise.resolve(false),
};

/** The hash of the one session a registered account of the world has. */
export const sessionTokenHashOf = (userId: string) =>
  createHash('sha256').update(`session-${userId}`).digest('hex');

const keyedHasher = { hash: (purpose: string, value: string) => `${purpose}:${value}` };

/**
 * The admin use cases' surroundings for a handler spec: the event store and read store the spec
 * made (in memory), a fixed clock, read-your-writes that does not wait (no projections run), and
 * the shared pieces the handlers are built from. `given…` appends what the domain's own deciders
 * decide; `documents` stands in for the projections.
 */
export function adminWorld(events: EventStore, reads: ReadStore) {
  const clock: Clock = { now: () => NOW };
  const progress = { waitFor: () => Promise.resolve(true) } as unknown as ProjectionProgress;
  const revocations = new SessionRevocations(reads, clock);
  const streamWrites = new StreamWrites(events, clock, progress);
  const roster = new AdminRoster(streamWrites, reads);
  const adminReads = new AdminReads(reads, clock);
  let checkpoint = 0n;

  const world = {
    events,
    reads,
    clock,
    revocations,
    roster,
    streamWrites,
    adminReads,
    writes: new ModerationWrites(streamWrites, adminReads, revocations),
    credentials: new AdminCredentials(
      streamWrites,
      hasher,
      new AccountKeys(keyedHasher as unknown as KeyedHasher),
      revocations,
    ),

    /** Given: the events a decider decides for these commands, appended as the system. */
    async given<Command, State, Event extends DomainEvent>(
      decider: Decider<Command, State, Event>,
      streamId: string,
      ...commands: WithoutMetadata<Command>[]
    ): Promise<void> {
      for (const command of commands) {
        await runDecider(
          events,
          decider,
          streamId,
          command,
          commandMetadata({ type: 'system', id: 'spec' }, NOW, 'given'),
        );
      }
    },

    /** Given: read-model documents (what the projections would have written). */
    async documents(collection: string, ...documents: object[]): Promise<void> {
      checkpoint += 1n;
      await reads.commit(
        documents.map((document) => ({
          kind: 'upsert' as const,
          collection,
          document: document as ReadDocument,
        })),
        { name: 'spec', position: checkpoint },
      );
    },

    /** Then: the types and data of a stream's events, oldest first. */
    async stream(streamId: string): Promise<{ type: string; data: unknown }[]> {
      return (await events.readStream(streamId)).map(({ type, data }) => ({ type, data }));
    },

    /** Given: a published post on its stream. */
    publishedPost(postId: string, authorId: string): Promise<void> {
      return world.given(postDecider, postStreamId(postId), {
        type: 'PublishPost',
        data: {
          postId,
          authorId,
          image: { imageUrl: '/i.webp', thumbnailUrl: '/t.webp', imageHash: '0', contentHash: 'c' },
          ai: null,
          similarTo: [],
          gate: null,
          requireApproval: false,
        },
      });
    },

    /** Given: a registered account with one session (see `sessionTokenHashOf`). */
    registeredUser(userId: string): Promise<void> {
      return world.given(userDecider, accountStreams.user(userId), {
        type: 'Register',
        data: {
          userId,
          email: `${userId}@example.com`,
          passwordHash: hashed('a member password'),
          anonymousUsername: 'QuietHeron1234',
          verificationTokenHash: createHash('sha256').update(userId).digest('hex'),
          sessionId: `s-${userId}`,
          sessionTokenHash: sessionTokenHashOf(userId),
        },
      });
    },

    /** Given: an active admin with this password, on the roster. */
    async admin(adminId: string, username: string, password: string): Promise<void> {
      const metadata = commandMetadata({ type: 'system', id: 'spec' }, NOW, 'given');
      await world.credentials.claimUsername(username, adminId, metadata);
      await world.credentials.decideOnAdmin(
        adminId,
        { type: 'CreateAdmin', data: { adminId, username, passwordHash: hashed(password) } },
        metadata,
      );
      await roster.decideOnRoster(
        { type: 'JoinAdminRoster', data: { adminId, active: true } },
        metadata,
      );
    },
  };
  return world;
}

export type AdminWorld = ReturnType<typeof adminWorld>;
