import type {
  GivenEvent,
  Handler,
  Outcome,
  UseCaseSpecification,
  UseCaseWorld,
} from '../../../../test/support/use-case-specification';
import { AccountKeys } from '../../accounts/account-secrets';
import { SessionRevocations } from '../../accounts/session-revocations';
import { AdminCredentials } from '../../admin-accounts/admin-credentials';
import { AdminRoster } from '../../admin-accounts/admin-roster';
import type { KeyedHasher } from '../../ports/keyed-hasher.port';
import type { PasswordHasher } from '../../ports/password-hasher.port';
import { StreamWrites } from '../../shared/stream-writes';
import { AdminReads } from '../admin-reads';
import type { AdminAct } from '../moderation-writes';
import { ModerationWrites } from '../moderation-writes';

/**
 * The admin use cases' specs, in the use-case DSL (`test/support/use-case-specification.ts`):
 * the shared services their handlers are built from, made once here on the DSL's world.
 */

/** The clock of every admin scenario: `useCase(handler, { now: NOW })`. */
export const NOW = '2026-11-23T10:00:00.000Z';

/** Ids that look like the real ones (the handlers answer 404 for anything but a uuid). */
export const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

export const ADMIN: AdminAct = { adminId: id(900), correlationId: 'spec' };

/** Passwords "hashed" as `$argon2id$<password>`: the specs are about the use cases, not argon2. */
export const hashed = (password: string) => `$argon2id$${password}`;
const hasher: PasswordHasher = {
  hash: (password) => Promise.resolve(hashed(password)),
  verify: (hash, password) => Promise.resolve(hash === hashed(password)),
  verifyDecoy: () => Promise.resolve(false),
};

/** Keys "hashed" as `<purpose>:<value>`, so that a spec can name the streams they key. */
export const accountKeys = new AccountKeys({
  hash: (purpose: string, value: string) => `${purpose}:${value}`,
} as unknown as KeyedHasher);

/** The services an admin handler is built from, on a scenario's world. */
export function adminServices(world: UseCaseWorld) {
  const revocations = new SessionRevocations(world.readStore, world.clock);
  const streams = new StreamWrites(world.eventStore, world.clock, world.progress);
  const reads = new AdminReads(world.readStore, world.clock);
  return {
    revocations,
    streams,
    reads,
    writes: new ModerationWrites(streams, reads, revocations),
    roster: new AdminRoster(streams, world.readStore),
    credentials: new AdminCredentials(streams, hasher, accountKeys, revocations),
  };
}

/** Events on their streams, as a scenario is given them. */
export type History = readonly (readonly [streamId: string, ...events: GivenEvent[]])[];

/** The specification given every stream of `history`, in order. */
export function givenHistory<Command, Answer>(
  specification: UseCaseSpecification<Command, Answer>,
  ...histories: History[]
): UseCaseSpecification<Command, Answer> {
  return histories
    .flat()
    .reduce((given, [streamId, ...events]) => given.given(streamId, ...events), specification);
}

/**
 * A handler that answers what `look` sees in the world just before and just after it ran (the
 * DSL's checks see events, answers and errors only; a session refused, say, is in the world).
 */
export function lookingAround<Command, Seen>(
  handler: Handler<Command, unknown>,
  look: () => Promise<Seen>,
): Handler<Command, { before: Seen; after: Seen }> {
  return {
    async execute(command) {
      const before = await look();
      await handler.execute(command);
      return { before, after: await look() };
    },
  };
}

/** The types and data of what a command appended to one stream, oldest first. */
export function appendedTo(outcome: Outcome<unknown>, streamId: string) {
  if ('error' in outcome) throw outcome.error;
  return outcome.appended
    .filter((event) => event.streamId === streamId)
    .map(({ type, data }) => ({ type, data }));
}
