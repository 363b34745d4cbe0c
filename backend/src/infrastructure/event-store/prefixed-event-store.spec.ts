import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../../application/ports/event-store.port';
import { describeEventStoreContract } from './event-store.contract';
import { PrefixedEventStore } from './prefixed-event-store';
import { SqliteEventStore } from './sqlite-event-store';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * An app's streams under a prefix, on a log another app writes to between each of its appends:
 * the contract holds for the app as if the log were its own.
 */
const logs = new WeakMap<EventStore, SqliteEventStore>();
describeEventStoreContract(
  'embedded SQLite under a stream prefix, beside another app',
  async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prefixed-'));
    dirs.push(dir);
    const log = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
    const neighbour = new PrefixedEventStore(log, 'other-app-');
    const busy: EventStore = new Proxy(log, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key !== 'appendToStream' || typeof value !== 'function') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (...args: Parameters<EventStore['appendToStream']>) => {
          await neighbour.appendToStream(`noise-${randomUUID()}`, [
            {
              id: randomUUID(),
              type: 'Noise',
              data: {},
              metadata: {
                actor: { type: 'system', id: 'noise' },
                correlationId: 'n',
                causationId: 'n',
                at: '2026-01-05T10:00:00.000Z',
              },
            },
          ]);
          return target.appendToStream(...args);
        };
      },
    });
    const store = new PrefixedEventStore(busy, 'this-app-');
    logs.set(store, log);
    return store;
  },
  async (store) => {
    await logs.get(store)?.close();
  },
);
