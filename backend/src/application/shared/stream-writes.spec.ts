import { randomUUID } from 'node:crypto';
import type { Decider } from '../../domain/shared/decider';
import type { DomainEvent } from '../../domain/shared/event';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store';
import { by } from './command-metadata';
import type { ProjectionProgress } from './projection-progress';
import { StreamWrites } from './stream-writes';

type Added = DomainEvent<'Added', { n: number }>;
const counter: Decider<{ add: number }, number, Added> = {
  initialState: 0,
  decide: (command) => [{ type: 'Added', data: { n: command.add } }],
  evolve: (total, event) => total + event.data.n,
};

const NOW = new Date('2026-11-28T12:00:00.000Z');

describe('StreamWrites.decide', () => {
  let store: SqliteEventStore;
  let waitedFor: (bigint | null)[];
  let writes: StreamWrites;
  beforeEach(() => {
    store = new SqliteEventStore(':memory:');
    waitedFor = [];
    const progress = {
      waitFor: (position: bigint | null) => {
        waitedFor.push(position);
        return Promise.resolve(true);
      },
    } as unknown as ProjectionProgress;
    writes = new StreamWrites(store, { now: () => NOW }, progress);
  });
  afterEach(() => store.close());

  it('given a member deciding without a time, when decided, then the events carry the clock’s now and the request as their cause', async () => {
    await writes.decide('count-1', counter, { add: 1 }, by.member('u-1', 'req-1'));
    const [recorded] = await store.readStream('count-1');
    expect(recorded.metadata).toEqual({
      actor: { type: 'user', id: 'u-1' },
      correlationId: 'req-1',
      causationId: 'req-1',
      at: NOW.toISOString(),
    });
  });

  it('given an admin, the system or any actor with a time and a cause, when decided, then the events carry them', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    await writes.decide(
      'count-1',
      counter,
      { add: 1 },
      by.admin({ adminId: 'a-1', correlationId: 'r' }, at),
    );
    await writes.decide('count-1', counter, { add: 1 }, by.system('sweep', 'r-2'));
    await writes.decide(
      'count-1',
      counter,
      { add: 1 },
      {
        ...by.actor({ type: 'stripe', id: 'cs_1' }, 'r-3'),
        causationId: 'cs_1',
      },
    );
    const recorded = await store.readStream('count-1');
    expect(recorded.map((event) => event.metadata)).toEqual([
      {
        actor: { type: 'admin', id: 'a-1' },
        correlationId: 'r',
        causationId: 'r',
        at: at.toISOString(),
      },
      {
        actor: { type: 'system', id: 'sweep' },
        correlationId: 'r-2',
        causationId: 'r-2',
        at: NOW.toISOString(),
      },
      {
        actor: { type: 'stripe', id: 'cs_1' },
        correlationId: 'r-3',
        causationId: 'cs_1',
        at: NOW.toISOString(),
      },
    ]);
  });

  it('given settle, when decided, then it answers once the read models include what it appended', async () => {
    const { position } = await writes.decide('count-1', counter, { add: 1 }, by.member('u', 'r'), {
      settle: true,
    });
    expect(waitedFor).toEqual([position]);
  });

  it('given no settle, when decided, then it does not wait for the read models', async () => {
    await writes.decide('count-1', counter, { add: 1 }, by.member('u', 'r'));
    expect(waitedFor).toEqual([]);
  });

  it('given a writer noting appends, when it decides, then it hands over the position of each append and none for a decision of nothing', async () => {
    const noted: bigint[] = [];
    const noting = writes.noting((position) => noted.push(position));
    const first = await noting.decide('count-1', counter, { add: 1 }, by.member('u', 'r'));
    const second = await noting.decide('count-2', counter, { add: 2 }, by.member('u', 'r'));
    const nothing: Decider<{ add: number }, number, Added> = { ...counter, decide: () => [] };
    await noting.decide('count-1', nothing, { add: 3 }, by.member('u', 'r'));
    await writes.decide('count-3', counter, { add: 4 }, by.member('u', 'r'));
    expect(noted).toEqual([first.position, second.position]);
    expect((await store.readStream('count-1')).map((event) => event.metadata.at)).toEqual([
      NOW.toISOString(),
    ]);
  });

  it('given events in the log, when caught up, then it waits for the read models to reach the log’s last event', async () => {
    await writes.decide('count-1', counter, { add: 1 }, by.member('u', 'r'));
    const { position } = await writes.decide('count-2', counter, { add: 1 }, by.member('u', 'r'));
    expect(await writes.caughtUp(1000)).toBe(true);
    expect(waitedFor).toEqual([position]);
  });

  it('given its own appends, when they are to be settled, then it waits for the last of them without asking the log', async () => {
    expect(await writes.settledOwnAppends()).toBe(true);
    const { position } = await writes.decide('count-1', counter, { add: 1 }, by.member('u', 'r'));
    // Appended by someone else after it: not waited for.
    await store.appendToStream('count-9', [
      { id: randomUUID(), type: 'Added', data: { n: 9 }, metadata: { at: NOW.toISOString() } },
    ] as never);
    const headPosition = jest.spyOn(store, 'headPosition');
    expect(await writes.settledOwnAppends()).toBe(true);
    expect(waitedFor).toEqual([null, position]);
    expect(headPosition).not.toHaveBeenCalled();
  });
});
