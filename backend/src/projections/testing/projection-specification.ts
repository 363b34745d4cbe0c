import type { Actor, EventMetadata, RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../projection';
import type { ReadDocument } from '../read-model';

/**
 * Given events, then a document: projection specs replay the events their projection handles
 * onto one document, from nothing, as the runner does. Test code only: the build leaves
 * `testing` folders out.
 *
 *   spec.given(posted('c-1'), liked('c-1')).then({ _id: 'c-1', likesCount: 1, ... });
 *   spec.given(posted('c-1'), posted('c-1')).thenUnchanged();
 *   spec.given(reported('r-1'), reported('r-2')).of('r-2').thenMatches({ pending: 1 });
 */
export function projectionSpecification<Doc extends ReadDocument>(projection: Projection<Doc>) {
  return {
    given: (...events: RecordedEvent[]) => {
      const document = () => {
        const built = replay(projection, events);
        // A rebuild changes its own documents in place: it must come to the same document.
        if (projection.applyInPlace) expect(replayInPlace(projection, events)).toEqual(built);
        return built;
      };
      const documents = () => {
        const built = replayDocuments(projection, events, (doc, event, id) =>
          projection.apply(doc && deepFrozen(doc), event, id),
        );
        if (projection.applyInPlace) {
          const inPlace = projection.applyInPlace.bind(projection);
          expect(replayDocuments(projection, events, inPlace)).toEqual(built);
        }
        return built;
      };
      return {
        ...expectations(document),
        document,
        /**
         * The last event leaves the document as it was, the same object, so the runner has
         * nothing to write (a repeated or foreign event).
         */
        thenUnchanged: () => {
          const before = replay(projection, events.slice(0, -1));
          expect(projection.apply(before, events[events.length - 1])).toBe(before);
        },
        /**
         * Every document the events touch, by id in the order first written, each event applied
         * to each document its `documentId` names (as the runner does, several in turn).
         */
        documents,
        /** One document among the several the events touch. */
        of: (id: string) => expectations(() => documents().get(id) ?? null),
      };
    },
  };
}

function expectations<Doc extends ReadDocument>(document: () => Doc | null) {
  return {
    then: (expected: Doc | null) => expect(document()).toEqual(expected),
    /** Some fields, as `toMatchObject` compares them (a shredded field may read null). */
    thenMatches: (expected: { [Key in keyof Doc]?: unknown }) =>
      expect(document()).toMatchObject(expected),
    thenGone: () => expect(document()).toBeNull(),
  };
}

/** The replay of `documents()`: each event to each document its projection names. */
function replayDocuments<Doc extends ReadDocument>(
  projection: Projection<Doc>,
  events: readonly RecordedEvent[],
  step: (doc: Doc | null, event: RecordedEvent, id: string) => Doc | null,
): Map<string, Doc> {
  const docs = new Map<string, Doc>();
  for (const event of events) {
    if (!projection.handles.includes(event.type)) continue;
    const named = projection.documentId(event);
    for (const id of named === null ? [] : typeof named === 'string' ? [named] : named) {
      const next = step(docs.get(id) ?? null, event, id);
      if (next) docs.set(id, next);
      else docs.delete(id);
    }
  }
  return docs;
}

/** Frozen through and through, as the store hands out its documents. */
function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFrozen(inner);
  }
  return value;
}

/**
 * Applies the events in order from no document; an event the projection ignores is skipped.
 * Each document is handed to `apply` frozen through and through, as the store hands out its own:
 * `apply` builds a new one, it never changes the one it is given.
 */
export function replay<Doc extends ReadDocument>(
  projection: Projection<Doc>,
  events: readonly RecordedEvent[],
  from: Doc | null = null,
): Doc | null {
  return fold(projection, events, from, (doc, event) =>
    projection.apply(doc && deepFrozen(doc), event),
  );
}

/** The same replay as a rebuild makes it: on documents of its own, changed in place. */
export function replayInPlace<Doc extends ReadDocument>(
  projection: Projection<Doc>,
  events: readonly RecordedEvent[],
  from: Doc | null = null,
): Doc | null {
  return fold(
    projection,
    events,
    from && structuredClone(from),
    projection.applyInPlace ?? projection.apply,
  );
}

/** Steps through the events the projection handles, in order. */
function fold<Doc extends ReadDocument>(
  projection: Projection<Doc>,
  events: readonly RecordedEvent[],
  from: Doc | null,
  step: (doc: Doc | null, event: RecordedEvent) => Doc | null,
): Doc | null {
  return events.reduce<Doc | null>(
    (doc, event) => (handled(projection, event) ? step(doc, event) : doc),
    from,
  );
}

function handled(projection: Projection, event: RecordedEvent): boolean {
  return projection.handles.includes(event.type) && projection.documentId(event) !== null;
}

let position = 0n;

/** A stored event as the runner hands it to a projection. */
export function recorded<Type extends string, Data>(
  type: Type,
  data: Data,
  options: { at?: string; streamId?: string; metadata?: Partial<EventMetadata> } = {},
): RecordedEvent<Type, Data> {
  const at = options.at ?? '2026-03-02T09:00:00.000Z';
  position += 1n;
  return {
    id: `e-${position}`,
    streamId: options.streamId ?? 'spec-1',
    revision: 0n,
    position,
    type,
    data,
    metadata: {
      actor: { type: 'user', id: 'u-1' },
      correlationId: 'c',
      causationId: 'c',
      at,
      ...options.metadata,
    },
    createdAt: new Date(at),
  };
}

/** A stored event with this actor (`recorded`'s, with the actor in front). */
export function recordedBy<Type extends string, Data>(
  type: Type,
  data: Data,
  actor: Actor,
  at?: string,
): RecordedEvent<Type, Data> {
  return recorded(type, data, { at, metadata: { actor } });
}
