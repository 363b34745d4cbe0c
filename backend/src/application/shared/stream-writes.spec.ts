import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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
});

/** The application's sources (with their specs and spec helpers when `all`). */
function applicationSources(all = false, dir = join(__dirname, '..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'testing' && !all ? [] : applicationSources(all, path);
    }
    if (!entry.name.endsWith('.ts')) return [];
    return all || !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

const read = (paths: string[]) =>
  paths.map((path) => ({
    file: relative(join(__dirname, '..'), path),
    text: readFileSync(path, 'utf8'),
  }));

/** Calls or imports `runDecider` (a mention in a comment is neither). */
const callsRunDecider = (text: string) =>
  /\brunDecider\s*[(<]|import\s*\{[^}]*\brunDecider\b[^}]*\}/.test(text);

/**
 * Reads the event store off another object (`this.writes.eventStore`, `{ eventStore } =
 * this.writes`): only a reactor's own port (`this.eventStore`) or a spec world's is its own.
 */
const readsStoreOffWriter = (text: string) =>
  /(?<!\bthis|\bworld)\.eventStore\b|\{[^}]*\beventStore\b[^}]*\}\s*=\s*(?!this\s*;|world\b)[\w.]+/.test(
    text,
  );

describe('one way to write a write', () => {
  const sources = read(applicationSources());

  it('given the application, then only StreamWrites declares a `decide` of its own', () => {
    const declaring = sources
      .filter(({ text }) => /^\s+(async\s+)?decide\s*[<(]/m.test(text))
      .map(({ file }) => file);
    expect(declaring).toEqual(['shared/stream-writes.ts']);
  });

  it('given the handlers, then none reaches into a store through a collaborator', () => {
    const reaching = sources
      .filter(({ file }) => file.endsWith('.handler.ts'))
      .filter(({ text }) =>
        /this\.\w+\.(eventStore|readStore)\b|\{ eventStore \} = this\./.test(text),
      )
      .map(({ file }) => file);
    expect(reaching).toEqual([]);
  });

  it('given the application with its specs and spec helpers, then only StreamWrites calls runDecider (besides its own spec)', () => {
    const calling = read(applicationSources(true))
      .filter(({ file }) => file !== 'shared/stream-writes.spec.ts')
      .filter(({ text }) => callsRunDecider(text))
      .map(({ file }) => file);
    expect(calling.sort()).toEqual([
      'shared/decider-runner.spec.ts',
      'shared/decider-runner.ts',
      'shared/stream-writes.ts',
    ]);
  });

  it('given the application and its spec helpers, then nothing reads `.eventStore` off a writer', () => {
    const reading = read(applicationSources(true).filter((path) => !path.endsWith('.spec.ts')))
      .filter(({ text }) => readsStoreOffWriter(text))
      .map(({ file }) => file);
    expect(reading).toEqual([]);
  });

  it('given a source that calls runDecider or reads the store off a writer, then the checks name it', () => {
    expect(callsRunDecider('await runDecider(this.eventStore, decider, id, command, m);')).toBe(
      true,
    );
    expect(callsRunDecider("import { loadState, runDecider } from './decider-runner';")).toBe(true);
    expect(callsRunDecider('// the writes take turns (`runDecider`)')).toBe(false);
    expect(readsStoreOffWriter('await this.writes.eventStore.headPosition();')).toBe(true);
    expect(readsStoreOffWriter('recordStripeEvent(writes.eventStore, event, now)')).toBe(true);
    expect(readsStoreOffWriter('const { eventStore } = this.writes;')).toBe(true);
    expect(readsStoreOffWriter('new CheckpointedSubscription(this.eventStore, handle)')).toBe(
      false,
    );
    expect(readsStoreOffWriter('new StreamWrites(world.eventStore, world.clock, p)')).toBe(false);
    expect(readsStoreOffWriter('const { eventStore, mail } = this;')).toBe(false);
  });
});
