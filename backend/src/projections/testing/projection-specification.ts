import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../projection';
import type { ReadDocument } from '../read-model';

/**
 * Given events, then a document: projection specs replay the events their projection handles
 * onto one document, from nothing, as the runner does. Test code only: the build leaves
 * `testing` folders out.
 *
 *   spec.given(posted('c-1'), liked('c-1')).then({ _id: 'c-1', likesCount: 1, ... });
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
      return {
        then: (expected: Doc | null) => expect(document()).toEqual(expected),
        /** Some fields, as `toMatchObject` compares them (a shredded field may read null). */
        thenMatches: (expected: { [Key in keyof Doc]?: unknown }) =>
          expect(document()).toMatchObject(expected),
        thenGone: () => expect(document()).toBeNull(),
        document,
      };
    },
  };
}

/**
 * Applies the events in order from no document; an event the projection ignores is skipped.
 * Each document is handed to `apply` frozen, as the store hands out its own: `apply` builds a
 * new one, it never changes the one it is given.
 */
export function replay<Doc extends ReadDocument>(
  projection: Projection<Doc>,
  events: readonly RecordedEvent[],
  from: Doc | null = null,
): Doc | null {
  return fold(projection, events, from, (doc, event) =>
    projection.apply(doc && Object.freeze(doc), event),
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
