import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStore } from '../../application/ports/event-store.port';
import type { PersonalDataKeys } from '../../application/ports/personal-data-keys.port';
import type { ReadStore } from '../../application/ports/read-store.port';
import type { RequestRoundTrips } from './request-round-trips';

/** How a port's methods reach its server. */
interface RoundTripRules {
  /** Methods that make no round trip of their own (a push subscription, closing the client). */
  none: readonly string[];
  /** Methods answering an async iterable of pages: one round trip per page. */
  pages?: readonly string[];
  /**
   * Methods taking a handler that the store calls later (a subscription's deliveries): the
   * handler runs outside the request that subscribed or whose append woke it.
   */
  handlers?: readonly string[];
}

const EVENT_STORE_RULES: RoundTripRules = {
  none: ['subscribeToAll', 'close'],
  pages: ['readAllPages'],
  handlers: ['subscribeToAll'],
};
// A checkpoint's pushes come over the one change stream the store keeps, not a call of their own.
const READ_STORE_RULES: RoundTripRules = { none: ['close', 'watchCheckpoint'] };
const KEY_STORE_RULES: RoundTripRules = { none: ['close'] };

/**
 * The event store with each call counted as one round trip to the current request (see
 * `RequestRoundTrips`), one per page of a paged read: what EventStoreDB answers in one gRPC
 * call. A subscription is one long-lived stream, not counted; its deliveries run outside any
 * request.
 */
export function countedEventStore(store: EventStore, roundTrips: RequestRoundTrips): EventStore {
  return countedPort(store, 'eventStore', roundTrips, EVENT_STORE_RULES);
}

/**
 * The read store with each call counted as one round trip: one MongoDB command each (a query, a
 * count, a counter's `findOneAndUpdate`, a commit's transaction counted as one).
 */
export function countedReadStore(store: ReadStore, roundTrips: RequestRoundTrips): ReadStore {
  return countedPort(store, 'readStore', roundTrips, READ_STORE_RULES);
}

/** The key store behind its in-memory cache: a call reaches MongoDB (or SQLite) each time. */
export function countedKeyStore(
  keys: PersonalDataKeys,
  roundTrips: RequestRoundTrips,
): PersonalDataKeys {
  return countedPort(keys, 'keyStore', roundTrips, KEY_STORE_RULES);
}

/**
 * A port whose calls are counted (and delayed by `roundTrips.delayMs`, when set) before they
 * reach the adapter. A proxy rather than a class per port: a method added to a port is counted
 * and passed on without a change here (a forgotten one would silently vanish from a class).
 */
function countedPort<Port extends object>(
  port: Port,
  name: string,
  roundTrips: RequestRoundTrips,
  rules: RoundTripRules,
): Port {
  const wrapped = new Map<string | symbol, unknown>();
  // What is assigned to the counted port stays on it and is read back as assigned (a test's
  // spy replaces a method of the port it was given, and calls the counted one through).
  const assigned = new Map<string | symbol, unknown>();
  return new Proxy(port, {
    get(target, property, receiver) {
      if (assigned.has(property)) return assigned.get(property);
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      if (!wrapped.has(property)) {
        wrapped.set(property, wrap(target, property, value as Method));
      }
      return wrapped.get(property);
    },
    set(_target, property, value) {
      assigned.set(property, value);
      return true;
    },
    deleteProperty(_target, property) {
      assigned.delete(property);
      return true;
    },
  });

  type Method = (...args: unknown[]) => unknown;

  function wrap(target: Port, method: string, original: Method): Method {
    const call = `${name}.${method}`;
    if (rules.handlers?.includes(method)) {
      return (...args) =>
        original.apply(
          target,
          args.map((arg) =>
            typeof arg === 'function'
              ? (...handlerArgs: unknown[]) =>
                  roundTrips.outside(() => (arg as Method)(...handlerArgs))
              : arg,
          ),
        );
    }
    if (rules.none.includes(method)) return (...args) => original.apply(target, args);
    if (rules.pages?.includes(method)) {
      return (...args) => countedPages(original.apply(target, args) as AsyncIterable<unknown>);
    }
    return async (...args) => {
      roundTrips.count(call);
      if (roundTrips.delayMs > 0) await sleep(roundTrips.delayMs);
      return original.apply(target, args);
    };

    async function* countedPages(pages: AsyncIterable<unknown>) {
      const iterator = pages[Symbol.asyncIterator]();
      try {
        for (;;) {
          roundTrips.count(call);
          if (roundTrips.delayMs > 0) await sleep(roundTrips.delayMs);
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      } finally {
        await iterator.return?.();
      }
    }
  }
}
