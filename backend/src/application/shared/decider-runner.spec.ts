import { randomUUID } from 'node:crypto';
import type { Decider } from '../../domain/shared/decider';
import { ConflictError } from '../../domain/shared/errors';
import type { CommandMetadata, DomainEvent } from '../../domain/shared/event';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store';
import { WrongExpectedVersionError } from '../ports/event-store.port';
import { loadState, runDecider, WRITE_CONFLICT } from './decider-runner';

type Added = DomainEvent<'Added', { n: number }>;
const counter: Decider<{ add: number }, number, Added> = {
  initialState: 0,
  decide: (command) => [{ type: 'Added', data: { n: command.add } }],
  evolve: (total, event) => total + event.data.n,
};
const metadata: CommandMetadata = {
  actor: { type: 'system', id: 'test' },
  now: new Date('2026-01-01T00:00:00.000Z'),
  correlationId: 'c',
  causationId: 'c',
};

type Stamped = DomainEvent<'Stamped', { at: string }>;
const stamper: Decider<{ type: 'Stamp'; metadata: CommandMetadata }, null, Stamped> = {
  initialState: null,
  decide: (command) => [{ type: 'Stamped', data: { at: command.metadata.now.toISOString() } }],
  evolve: (state) => state,
};

describe('runDecider', () => {
  let store: SqliteEventStore;
  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
  });
  afterEach(() => store.close());

  it('hands the decider the time of the command metadata, the same time the events carry', async () => {
    const later = { ...metadata, now: new Date('2026-03-04T05:06:07.000Z') };
    const { events } = await runDecider(store, stamper, 'stamp-1', { type: 'Stamp' }, later);
    expect(events).toEqual([{ type: 'Stamped', data: { at: '2026-03-04T05:06:07.000Z' } }]);
    const [recorded] = await store.readStream('stamp-1');
    expect(recorded.metadata.at).toBe('2026-03-04T05:06:07.000Z');
  });

  it('decides on the current state and answers the position of what it appended', async () => {
    await runDecider(store, counter, 'count-1', { add: 2 }, metadata);
    const { position } = await runDecider(store, counter, 'count-1', { add: 3 }, metadata);
    expect(await loadState(store, counter, 'count-1')).toEqual({
      state: 5,
      revision: 1n,
      position,
    });
    expect(position).toBe(await store.headPosition());
  });

  it('given a decision based on a revision the stream has moved past, appends nothing and says why', async () => {
    await runDecider(store, counter, 'count-1', { add: 1 }, metadata);
    const seen = await loadState(store, counter, 'count-1');
    // Another writer gets in between reading and deciding.
    await runDecider(store, counter, 'count-1', { add: 10 }, metadata);

    await expect(
      runDecider(store, counter, 'count-1', { add: 100 }, metadata, {
        basedOn: { revision: seen.revision, conflictMessage: 'It changed meanwhile.' },
      }),
    ).rejects.toEqual(new ConflictError('It changed meanwhile.'));
    expect((await loadState(store, counter, 'count-1')).state).toBe(11);
  });

  it('retries a conflicting append on the fresh stream, then answers a conflict, never a crash', async () => {
    let appends = 0;
    // Every append loses to another writer (whatever it read).
    const contended = Object.create(store) as SqliteEventStore;
    contended.appendToStream = async () => {
      appends += 1;
      throw new WrongExpectedVersionError('count-3', 'no_stream', 0n);
    };
    await expect(runDecider(contended, counter, 'count-3', { add: 1 }, metadata)).rejects.toEqual(
      new ConflictError(WRITE_CONFLICT),
    );
    expect(appends).toBe(4);
  });

  it('appends a decision based on the revision the stream is still at', async () => {
    const seen = await loadState(store, counter, `count-${randomUUID()}`);
    expect(seen.revision).toBe('no_stream');
    await runDecider(store, counter, 'count-2', { add: 4 }, metadata, {
      basedOn: { revision: seen.revision, conflictMessage: 'x' },
    });
    expect((await loadState(store, counter, 'count-2')).state).toBe(4);
  });

  it('loads only the last event of a decider whose last event makes the state, with the same state and revision', async () => {
    type Set = DomainEvent<'Set', { on: boolean }>;
    const toggle: Decider<{ on: boolean }, boolean, Set> = {
      initialState: false,
      decide: (command, on) => (command.on === on ? [] : [{ type: 'Set', data: command }]),
      evolve: (_on, event) => event.data.on,
    };
    const id = `toggle-${randomUUID()}`;
    for (let i = 0; i < 7; i++) await runDecider(store, toggle, id, { on: i % 2 === 0 }, metadata);
    const whole = await loadState(store, toggle, id);
    const read = jest.spyOn(store, 'readStream');

    const last = await loadState(store, { ...toggle, lastEventDecides: true }, id);
    expect(last).toEqual(whole);
    expect(last).toEqual({ state: true, revision: 6n, position: whole.position });
    expect(read).not.toHaveBeenCalled();
    expect(await loadState(store, { ...toggle, lastEventDecides: true }, 'none')).toEqual({
      state: false,
      revision: 'no_stream',
      position: null,
    });
  });

  describe('a decision that appends nothing', () => {
    type Set = DomainEvent<'Set', { on: boolean }>;
    const toggle: Decider<{ on: boolean }, boolean, Set> = {
      initialState: false,
      decide: (command, on) => (command.on === on ? [] : [{ type: 'Set', data: command }]),
      evolve: (_on, event) => event.data.on,
      lastEventDecides: true,
    };

    it('answers the position of the stream’s last event (a racing writer’s), without asking for the log’s head', async () => {
      const id = `toggle-${randomUUID()}`;
      const racing = await runDecider(store, toggle, id, { on: true }, metadata);
      await store.appendToStream(`other-${randomUUID()}`, [
        { id: randomUUID(), type: 'Other', data: {}, metadata: { at: metadata.now.toISOString() } },
      ] as never);
      const head = jest.spyOn(store, 'headPosition');

      const repeated = await runDecider(store, toggle, id, { on: true }, metadata);

      expect(repeated).toEqual({ events: [], position: null, streamPosition: racing.position });
      expect(head).not.toHaveBeenCalled();
    });

    it('answers no position for a stream that does not exist', async () => {
      const nothing = await runDecider(
        store,
        toggle,
        `toggle-${randomUUID()}`,
        { on: false },
        metadata,
      );
      expect(nothing).toEqual({ events: [], position: null, streamPosition: null });
    });
  });

  describe('newStreamFirst', () => {
    type Set = DomainEvent<'Set', { on: boolean }>;
    const toggle: Decider<{ on: boolean }, boolean, Set> = {
      initialState: false,
      decide: (command, on) => (command.on === on ? [] : [{ type: 'Set', data: command }]),
      evolve: (_on, event) => event.data.on,
      lastEventDecides: true,
    };

    it('starts a new stream with one append and no read', async () => {
      const id = `toggle-${randomUUID()}`;
      const readLast = jest.spyOn(store, 'readLastEvent');
      const readStream = jest.spyOn(store, 'readStream');

      const first = await runDecider(store, toggle, id, { on: true }, metadata, {
        newStreamFirst: true,
      });

      expect(first.events).toMatchObject([{ type: 'Set', data: { on: true } }]);
      expect(readLast).not.toHaveBeenCalled();
      expect(readStream).not.toHaveBeenCalled();
      expect((await loadState(store, toggle, id)).state).toBe(true);
    });

    it('decides again on the stream when it exists: nothing twice, and the change it makes', async () => {
      const id = `toggle-${randomUUID()}`;
      const first = await runDecider(store, toggle, id, { on: true }, metadata);

      const again = await runDecider(store, toggle, id, { on: true }, metadata, {
        newStreamFirst: true,
      });
      expect(again).toEqual({ events: [], position: null, streamPosition: first.position });

      await runDecider(store, toggle, id, { on: false }, metadata);
      const back = await runDecider(store, toggle, id, { on: true }, metadata, {
        newStreamFirst: true,
      });
      expect(back.events).toMatchObject([{ type: 'Set', data: { on: true } }]);
      expect(await loadState(store, toggle, id)).toMatchObject({ state: true, revision: 2n });
    });
  });
});

describe('runDecider on a stream that writers of this process never leave alone', () => {
  type Ended = DomainEvent<'Ended', { n: number }>;
  /** A decision as long as the stream: a password change ends every session the stream holds. */
  const sessions: Decider<{ type: 'EndAll' } | { type: 'Start' }, number, Ended | Added> = {
    initialState: 0,
    decide: (command, open) =>
      command.type === 'Start'
        ? [{ type: 'Added', data: { n: 1 } }]
        : Array.from({ length: open }, (_, n) => ({ type: 'Ended' as const, data: { n } })),
    evolve: (open, event) => (event.type === 'Added' ? open + 1 : open),
  };

  it('lets a long decision through however many short ones keep appending to its stream', async () => {
    const store = new SqliteEventStore(':memory:');
    // Events take turns of the event loop on their way in, as sealing personal data does.
    const sealing = Object.create(store) as SqliteEventStore;
    sealing.appendToStream = async (streamId, events, options) => {
      for (let i = 0; i < events.length; i += 25) await new Promise((r) => setImmediate(r));
      return store.appendToStream(streamId, events, options);
    };
    for (let i = 0; i < 50; i += 1) {
      await runDecider(sealing, sessions, 'account-1', { type: 'Start' }, metadata);
    }
    let stop = false;
    const crowd = Array.from({ length: 6 }, async () => {
      while (!stop) {
        await runDecider(sealing, sessions, 'account-1', { type: 'Start' }, metadata, {
          maxAttempts: 1000,
        });
      }
    });
    try {
      const decided = await runDecider(
        sealing,
        sessions,
        'account-1',
        { type: 'EndAll' },
        metadata,
        {
          maxAttempts: 50,
        },
      );
      expect(decided.events.length).toBeGreaterThanOrEqual(50);
    } finally {
      stop = true;
      await Promise.all(crowd);
      await store.close();
    }
  }, 20_000);
});
