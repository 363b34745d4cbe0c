import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import type { EventStore, EventToAppend } from '../../application/ports/event-store.port';
import { PersonalDataErasedError } from '../../application/ports/personal-data-keys.port';
import { KeyWrapping } from '../personal-data/key-wrapping';
import { SqlitePersonalDataKeys } from '../personal-data/sqlite-personal-data-keys';
import { describeEventStoreContract } from './event-store.contract';
import { PersonalDataEventStore } from './personal-data-event-store';
import { SqliteEventStore } from './sqlite-event-store';

const SECRET = 'test secret '.repeat(4);
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'personal-'));
  dirs.push(dir);
  return dir;
}

const stores = new WeakMap<EventStore, SqlitePersonalDataKeys>();
describeEventStoreContract(
  'embedded SQLite behind personal data sealing',
  async () => {
    const dir = freshDir();
    const keys = new SqlitePersonalDataKeys(join(dir, 'keys.sqlite'), new KeyWrapping(SECRET));
    const store = new PersonalDataEventStore(
      new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' }),
      keys,
    );
    stores.set(store, keys);
    return store;
  },
  async (store) => {
    await store.close();
    await stores.get(store)?.close();
  },
);

describe('personal data in the event store', () => {
  const metadata: EventMetadata = {
    actor: { type: 'user', id: 'u' },
    correlationId: 'c',
    causationId: 'c',
    at: '2026-03-02T09:00:00.000Z',
  };
  const event = (type: string, data: unknown): EventToAppend => ({
    id: randomUUID(),
    type,
    data,
    metadata,
  });
  const ann = randomUUID();
  const bob = randomUUID();
  const registered = (userId: string, email: string) =>
    event('UserRegistered', {
      userId,
      email,
      passwordHash: '$argon2id$v=19$m=64,t=2,p=1$c2FsdA$aGFzaA',
      anonymousUsername: 'SunnyOtter0427',
    });

  let dir: string;
  let inner: SqliteEventStore;
  let keys: SqlitePersonalDataKeys;
  let store: PersonalDataEventStore;
  let warnings: string[];

  beforeEach(() => {
    dir = freshDir();
    inner = new SqliteEventStore(join(dir, 'events.sqlite'));
    keys = new SqlitePersonalDataKeys(join(dir, 'keys.sqlite'), new KeyWrapping(SECRET));
    warnings = [];
    store = new PersonalDataEventStore(inner, keys, { warn: (line) => warnings.push(line) });
  });

  afterEach(async () => {
    await store.close();
    await keys.close();
  });

  const eventsFile = () =>
    Buffer.concat(
      readdirSync(dir)
        .filter((name) => name.startsWith('events.sqlite'))
        .map((name) => readFileSync(join(dir, name))),
    );

  it('seals the personal fields at rest and opens them on every way out', async () => {
    await store.appendToStream(`user-${ann}`, [registered(ann, 'ann@example.com')]);

    const [raw] = await inner.readStream(`user-${ann}`);
    const rawData = raw.data as Record<string, unknown>;
    expect(rawData.userId).toBe(ann);
    for (const field of ['email', 'passwordHash', 'anonymousUsername']) {
      expect(rawData[field]).toEqual({ $personal: expect.stringMatching(/^v1:[A-Za-z0-9+/=]+$/) });
    }
    expect(eventsFile().includes(Buffer.from('ann@example.com'))).toBe(false);
    expect(eventsFile().includes(Buffer.from('SunnyOtter0427'))).toBe(false);

    const expected = {
      userId: ann,
      email: 'ann@example.com',
      passwordHash: '$argon2id$v=19$m=64,t=2,p=1$c2FsdA$aGFzaA',
      anonymousUsername: 'SunnyOtter0427',
    };
    expect((await store.readStream(`user-${ann}`))[0].data).toEqual(expected);
    expect((await store.readAll())[0].data).toEqual(expected);
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({}, (e) => {
      delivered.push(e);
    });
    await waitFor(() => delivered.length === 1);
    await subscription.stop();
    expect(delivered[0].data).toEqual(expected);
  });

  it('opens a page of many people’s events with one ask for all their keys', async () => {
    const people = Array.from({ length: 30 }, () => randomUUID());
    for (const [index, person] of people.entries()) {
      await store.appendToStream(`user-${person}`, [
        registered(person, `person${index}@example.com`),
      ]);
    }
    await keys.destroy(people[0]!);
    const asked: string[] = [];
    const counting = new Proxy(keys, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          asked.push(String(key));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const reading = new PersonalDataEventStore(inner, counting);
    const page = await reading.readAll();
    expect(page).toHaveLength(30);
    expect(asked).toEqual(['findMany']);
    expect((page[1]!.data as { email: string }).email).toBe('person1@example.com');
    // The erased person's fields read as null, as they do one by one.
    expect((page[0]!.data as { email: string | null }).email).toBeNull();
  });

  it('leaves the data it was given as it was', async () => {
    const appended = registered(ann, 'ann@example.com');
    const before = JSON.stringify(appended);
    await store.appendToStream(`user-${ann}`, [appended]);
    expect(JSON.stringify(appended)).toBe(before);
  });

  it('reads every personal field of an erased person as null, and nobody else’s', async () => {
    await store.appendToStream(`user-${ann}`, [registered(ann, 'ann@example.com')]);
    await store.appendToStream(`user-${bob}`, [registered(bob, 'bob@example.com')]);
    await store.appendToStream(`comment-${ann}`, [
      event('CommentPosted', {
        commentId: 'c-1',
        postId: 'p-1',
        threadId: 'c-1',
        parentCommentId: null,
        userId: ann,
        text: 'Lovely arches',
      }),
    ]);

    await keys.destroy(ann);

    const all = await store.readAll();
    expect(all.map((e) => e.data)).toEqual([
      { userId: ann, email: null, passwordHash: null, anonymousUsername: null },
      expect.objectContaining({ userId: bob, email: 'bob@example.com' }),
      {
        commentId: 'c-1',
        postId: 'p-1',
        threadId: 'c-1',
        parentCommentId: null,
        userId: ann,
        text: null,
      },
    ]);
    expect((await store.readStream(`user-${ann}`))[0].data).toMatchObject({ email: null });
  });

  it('records nothing more about an erased person', async () => {
    await keys.destroy(ann);
    await expect(
      store.appendToStream(`user-${ann}`, [registered(ann, 'ann@example.com')]),
    ).rejects.toBeInstanceOf(PersonalDataErasedError);
    expect(await inner.readStream(`user-${ann}`)).toEqual([]);
  });

  it('seals each winner of a week with their own key', async () => {
    const winner = (userId: string, rank: number, username: string) => ({
      rank,
      postId: randomUUID(),
      userId,
      username,
      displayUsername: `${username}_shown`,
      imageUrl: '/uploads/ab/x.webp',
      thumbnailUrl: '/uploads/ab/x-480.webp',
      averageRating: 8,
      voteCount: 1,
    });
    await store.appendToStream('week-2026-W09', [
      event('WeeklyCompetitionClosed', {
        week: '2026-W09',
        startsAt: '2026-02-23T00:00:00.000Z',
        endsAt: '2026-03-02T00:00:00.000Z',
        winners: [winner(ann, 1, 'AnnFeet'), winner(bob, 2, 'BobFeet')],
      }),
    ]);
    expect(eventsFile().includes(Buffer.from('AnnFeet'))).toBe(false);

    await keys.destroy(ann);
    const [closed] = await store.readStream('week-2026-W09');
    const winners = (closed.data as { winners: Record<string, unknown>[] }).winners;
    expect(winners.map((w) => [w.rank, w.userId, w.username, w.displayUsername])).toEqual([
      [1, ann, null, null],
      [2, bob, 'BobFeet', 'BobFeet_shown'],
    ]);
  });

  it('reads events written before sealing as they were written', async () => {
    await inner.appendToStream(`user-${ann}`, [registered(ann, 'ann@example.com')]);
    await keys.destroy(ann);
    expect((await store.readStream(`user-${ann}`))[0].data).toMatchObject({
      email: 'ann@example.com',
    });
  });

  it('seals what a session event holds of the browser, and leaves its ids and times', async () => {
    await store.appendToStream(`user-${ann}`, [
      event('SessionStarted', {
        userId: ann,
        sessionId: 's-1',
        tokenHash: 'b'.repeat(64),
        expiresAt: '2026-04-01T09:00:00.000Z',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      }),
    ]);
    const [raw] = await inner.readStream(`user-${ann}`);
    expect(raw.data).toMatchObject({
      sessionId: 's-1',
      tokenHash: 'b'.repeat(64),
      userAgent: { $personal: expect.any(String) },
    });
    await keys.destroy(ann);
    expect((await store.readStream(`user-${ann}`))[0].data).toMatchObject({
      sessionId: 's-1',
      userAgent: null,
    });
  });

  it('creates no key for an event whose personal fields are all empty', async () => {
    await store.appendToStream(`user-${ann}`, [
      event('ProfileUpdated', { userId: ann, displayUsername: null, bio: null, socialLinks: null }),
    ]);
    expect(await keys.find(ann)).toBeNull();
  });

  it('does not open a sealed value moved to another person', async () => {
    await store.appendToStream(`user-${ann}`, [registered(ann, 'ann@example.com')]);
    await keys.keyFor(bob);
    const [raw] = await inner.readStream(`user-${ann}`);
    await inner.appendToStream(`user-${bob}`, [
      { ...event('UserRegistered', { ...(raw.data as object), userId: bob }) },
    ]);
    await expect(store.readStream(`user-${bob}`)).rejects.toThrow();
  });

  it('says once which recorded event types nobody has reviewed for personal data', async () => {
    await store.appendToStream('x-1', [event('SomethingNew', {}), event('SomethingNew', {})]);
    await store.appendToStream('x-2', [event('Liked', {})]);
    expect(warnings).toEqual([expect.stringContaining('SomethingNew')]);
  });
});

async function waitFor(condition: () => boolean) {
  const deadline = Date.now() + 2000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
