import {
  isReviewedEventType,
  PERSONAL_DATA,
  type PersonalFields,
} from '../../domain/shared/personal-data';
import type { RecordedEvent } from '../../domain/shared/event';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadAllPagesOptions,
  ReadStreamOptions,
  SubscribeToAllOptions,
  Subscription,
} from '../../application/ports/event-store.port';
import type { PersonalDataKeys } from '../../application/ports/personal-data-keys.port';
import { isSealed, open, seal } from '../personal-data/personal-data-cipher';

type Data = Record<string, unknown>;

export interface PersonalDataEventStoreOptions {
  rules?: Readonly<Record<string, readonly PersonalFields[]>>;
  /** Told once per event type recorded that nobody has reviewed for personal data. */
  warn?: (message: string) => void;
}

/**
 * Crypto-shredding in front of whichever event store is chosen: the personal fields of each event
 * (`domain/shared/personal-data.ts`) are sealed with their person's key on append and opened on
 * every way out, so nothing above the port sees a sealed value and nothing below it a personal one.
 * Once a person's key is destroyed their fields read as null; events from before fields were sealed
 * read as written.
 */
export class PersonalDataEventStore implements EventStore {
  private readonly rules: Readonly<Record<string, readonly PersonalFields[]>>;
  private readonly warn: (message: string) => void;
  private readonly warned = new Set<string>();

  constructor(
    private readonly inner: EventStore,
    private readonly keys: PersonalDataKeys,
    options: PersonalDataEventStoreOptions = {},
  ) {
    this.rules = options.rules ?? PERSONAL_DATA;
    this.warn = options.warn ?? (() => {});
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    const sealed: EventToAppend[] = [];
    for (const event of events) sealed.push(await this.sealEvent(event));
    return this.inner.appendToStream(streamId, sealed, options);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.openEvents(await this.inner.readStream(streamId, options));
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const last = await this.inner.readLastEvent(streamId);
    return last ? ((await this.openEvents([last]))[0] ?? null) : null;
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openEvents(await this.inner.readAll(options));
  }

  async *readAllPages(options: ReadAllPagesOptions): AsyncGenerator<RecordedEvent[]> {
    for await (const page of this.inner.readAllPages(options)) yield this.openEvents(page);
  }

  headPosition(): Promise<bigint | null> {
    return this.inner.headPosition();
  }

  subscribeToAll(
    options: SubscribeToAllOptions,
    handler: EventHandler,
    onError?: (error: unknown) => void,
  ): Subscription {
    return this.inner.subscribeToAll(
      options,
      async (event) => handler(await this.openEvent(event, new Map())),
      onError,
    );
  }

  async scrubFreedSpace(): Promise<void> {
    await this.inner.scrubFreedSpace?.();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async sealEvent(event: EventToAppend): Promise<EventToAppend> {
    const rules = this.rulesFor(event.type);
    if (!rules) {
      if (!isReviewedEventType(event.type) && !this.warned.has(event.type)) {
        this.warned.add(event.type);
        this.warn(
          `Event type ${event.type} has not been reviewed for personal data: add it to domain/shared/personal-data.ts`,
        );
      }
      return event;
    }
    const data = await this.transform(event.data, rules, async (subject, field, value) => {
      if (value === null || value === undefined || isSealed(value)) return value;
      if (typeof subject !== 'string' || subject.length === 0) {
        throw new Error(`${event.type} holds personal data in ${field} but names no person`);
      }
      return seal(await this.keys.keyFor(subject), subject, field, value);
    });
    return { ...event, data };
  }

  /**
   * Opens a page of events: the keys of everyone whose data it holds are asked for at once (one
   * round trip for the page, however many people and events), then each event is opened.
   */
  private async openEvents(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const subjects = new Set<string>();
    for (const event of events) {
      const rules = this.rulesFor(event.type);
      if (!rules) continue;
      await this.transform(event.data, rules, async (subject, _field, value) => {
        if (isSealed(value) && typeof subject === 'string') subjects.add(subject);
        return value;
      });
    }
    const keys = new Map<string, Promise<Buffer | null>>();
    if (subjects.size > 0) {
      for (const [subject, lookup] of await this.keys.findMany([...subjects])) {
        keys.set(subject, Promise.resolve(Buffer.isBuffer(lookup) ? lookup : null));
      }
    }
    const opened: RecordedEvent[] = [];
    for (const event of events) opened.push(await this.openEvent(event, keys));
    return opened;
  }

  private async openEvent(
    event: RecordedEvent,
    keys: Map<string, Promise<Buffer | null>>,
  ): Promise<RecordedEvent> {
    const rules = this.rulesFor(event.type);
    if (!rules) return event;
    let changed = false;
    const data = await this.transform(event.data, rules, async (subject, field, value) => {
      if (!isSealed(value)) return value;
      changed = true;
      if (typeof subject !== 'string') return null;
      let key = keys.get(subject);
      if (!key) {
        key = this.keys.find(subject);
        keys.set(subject, key);
      }
      const found = await key;
      // The person erased their account: what the event held of them is gone.
      return found ? open(found, subject, field, value) : null;
    });
    return changed ? { ...event, data } : event;
  }

  private rulesFor(type: string): readonly PersonalFields[] | null {
    return Object.hasOwn(this.rules, type) ? this.rules[type] : null;
  }

  /** A copy of `data` with each personal field replaced by `change`'s answer. */
  private async transform(
    data: unknown,
    rules: readonly PersonalFields[],
    change: (subject: unknown, field: string, value: unknown) => Promise<unknown>,
  ): Promise<unknown> {
    if (!isObject(data)) return data;
    let copy: Data = { ...data };
    for (const rule of rules) {
      if (rule.each === undefined) {
        copy = await changeFields(copy, rule, change);
        continue;
      }
      const list = copy[rule.each];
      if (!Array.isArray(list)) continue;
      const changed: unknown[] = [];
      for (const element of list) {
        changed.push(
          isObject(element) ? await changeFields({ ...element }, rule, change) : element,
        );
      }
      copy[rule.each] = changed;
    }
    return copy;
  }
}

async function changeFields(
  data: Data,
  rule: PersonalFields,
  change: (subject: unknown, field: string, value: unknown) => Promise<unknown>,
): Promise<Data> {
  for (const field of rule.fields) {
    if (!Object.hasOwn(data, field)) continue;
    data[field] = await change(data[rule.subject], field, data[field]);
  }
  return data;
}

function isObject(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
