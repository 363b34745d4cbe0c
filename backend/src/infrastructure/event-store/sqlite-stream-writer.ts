import {
  type AppendResult,
  type ExpectedRevision,
  WrongExpectedVersionError,
} from '../../application/ports/event-store.port';
import {
  type ImportedStream,
  revisionMatches,
  type SerializedEvent,
  serializedEvent,
} from './sqlite-event-rows';
import type { EventStatements } from './sqlite-event-statements';

/**
 * The rows an append or an import writes, inside a transaction its caller holds: the checks
 * (expected revision, idempotent replay) come before any insert, so a refused append has
 * written nothing. A stream is numbered when it is first written, and its events refer to it by
 * that number (sqlite-event-log-schema.ts).
 */
export class SqliteStreamWriter {
  constructor(private readonly statements: EventStatements) {}

  /**
   * Appends `events` to a stream after checking `expected` against it; the same event ids again
   * answer the original result and write nothing. Throws WrongExpectedVersionError (nothing
   * written) when the stream is not where `expected` says or the ids overlap in part.
   */
  append(
    streamId: string,
    events: readonly SerializedEvent[],
    expected: ExpectedRevision,
    createdAt: string,
  ): { result: AppendResult; appended: boolean } {
    const created = this.createdStream(streamId, events.length, expected);
    if (created !== null) {
      const position = this.insertEvents(events, created, streamId, -1n, createdAt);
      const revision = BigInt(events.length - 1);
      return { result: { nextExpectedRevision: revision, position }, appended: true };
    }
    const stream = this.statements.streamOf.get(streamId);
    const current = stream?.revision ?? null;

    // An empty stream holds none of the ids: no replay to look for.
    const replay =
      events.length > 0 && stream && current !== null
        ? this.findIdempotentReplay(streamId, stream.num, events)
        : null;
    if (replay) return { result: replay, appended: false };

    if (!revisionMatches(expected, current)) {
      throw new WrongExpectedVersionError(streamId, expected, current ?? 'no_stream');
    }
    if (events.length === 0) {
      // The stream's own last event: what a caller waits for to see the stream as it is.
      const last = stream && current !== null ? this.statements.lastPosition.get(stream.num) : null;
      return {
        result: { nextExpectedRevision: current ?? -1n, position: last?.position ?? 0n },
        appended: false,
      };
    }

    const num = stream?.num ?? this.insertStream(streamId);
    const last = current ?? -1n;
    const position = this.insertEvents(events, num, streamId, last, createdAt);
    return {
      result: { nextExpectedRevision: last + BigInt(events.length), position },
      appended: true,
    };
  }

  /**
   * Writes a stream that must not exist yet (else WrongExpectedVersionError), exactly as an
   * append expecting `no_stream` would; answers its last event's position (null: no events).
   */
  importStream({ streamId, events }: ImportedStream, createdAt: string): bigint | null {
    const current = this.statements.streamOf.get(streamId)?.revision ?? null;
    if (current !== null) throw new WrongExpectedVersionError(streamId, 'no_stream', current);
    if (events.length === 0) return null;
    const rows = events.map(serializedEvent);
    return this.insertEvents(rows, this.insertStream(streamId), streamId, -1n, createdAt);
  }

  /** The last event's position in the log, null while it is empty. */
  headPosition(): bigint | null {
    return this.statements.head.get()?.position ?? null;
  }

  /**
   * Most appends start a stream (a post, a like…): where the expected revision lets a new stream
   * pass, its row is written at once, one lookup of the streams index instead of two. Answers
   * its number, or null (nothing written) when it existed or the expected revision needs checks.
   */
  private createdStream(streamId: string, count: number, expected: ExpectedRevision) {
    if (count === 0 || (expected !== 'no_stream' && expected !== 'any')) return null;
    const inserted = this.statements.newStreamIfAbsent.run(streamId);
    return inserted.changes === 1 ? (inserted.lastInsertRowid as bigint) : null;
  }

  /** Writes events after revision `after` of a stream; answers the last one's position. */
  private insertEvents(
    events: readonly SerializedEvent[],
    num: bigint,
    streamId: string,
    after: bigint,
    createdAt: string,
  ): bigint {
    let revision = after;
    let position = 0n;
    for (const event of events) {
      revision += 1n;
      position = this.statements.insert.run(
        event.id,
        num,
        streamId,
        revision,
        event.type,
        event.data,
        event.metadata,
        createdAt,
      ).lastInsertRowid as bigint;
    }
    return position;
  }

  /** Numbers a new stream: the events refer to it by that number, kept in log order. */
  private insertStream(streamId: string): bigint {
    return this.statements.newStream.run(streamId).lastInsertRowid as bigint;
  }

  /**
   * EventStoreDB answers a repeated append of the same event ids with the original result
   * instead of writing them twice; a partial overlap is a conflict.
   */
  private findIdempotentReplay(
    streamId: string,
    num: bigint,
    events: readonly { id: string }[],
  ): AppendResult | null {
    const first = this.statements.findById.get(num, events[0].id);
    if (!first) return null;
    const stored = this.statements.idsFrom.all(
      num,
      first.revision,
      first.revision + BigInt(events.length),
    );
    const sameEvents =
      stored.length === events.length && stored.every((row, i) => row.id === events[i].id);
    if (!sameEvents) {
      const current = this.statements.streamOf.get(streamId)?.revision ?? 'no_stream';
      throw new WrongExpectedVersionError(streamId, 'any', current);
    }
    return {
      nextExpectedRevision: first.revision + BigInt(events.length - 1),
      position: stored[stored.length - 1].position,
    };
  }
}
