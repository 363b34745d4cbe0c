import {
  ANY,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  NO_STREAM,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
  START,
  STREAM_EXISTS,
} from '@eventstore/db-client';
import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import type { ExpectedRevision } from '../../application/ports/event-store.port';

/**
 * Pure translations between the port's vocabulary and the EventStoreDB client's, apart from the
 * adapter so they can be tested without a server.
 *
 * Positions, as read in the server's source (kurrent-io/KurrentDB at tag v24.10.9, commit
 * 85278929b805, the image docker-compose.yml runs; unchanged at main 44996ed05762 under
 * src/KurrentDB.Core):
 * - One gRPC append is one implicit transaction: each event is its own prepare record at its own
 *   log position, all flagged IsCommitted, with no commit record
 *   (src/EventStore.Core/Services/Storage/StorageWriterService.cs:322-341).
 * - Reads of $all and of streams give such an event commit position = prepare position = its log
 *   position (ReaderIndex/AllReader.cs:111-119, 325-331; Data/ResolvedEvent.cs:64-75), so the
 *   events of one append have distinct, increasing commit positions.
 * - The append answers with the last event's position (StorageChaser.cs:213-234 CommitAck,
 *   RequestManagerBase.cs:136, RequestManager/Managers/WriteEvents.cs:52-58; the same in
 *   kurrent-io/EventStore-Client-Go#88; kurrent-io/KurrentDB#2522, 20.6.1, made gRPC reads send
 *   the event's own prepare position).
 * - Only legacy explicit transactions (TCP API, never used here) share a commit position and
 *   differ by prepare (AllReader.cs:163): one bigint cannot order those, so `toRecordedEvent`
 *   refuses them.
 * Hence the port keeps the commit position alone, and `toReadPosition` rebuilds the pair.
 */

/**
 * The server answers "no position" for some events (stream reads on servers older than 22.6,
 * events written in legacy explicit transactions, idempotent append results) either by leaving
 * the field out or with -1 sent as an unsigned 64-bit integer. Real positions are signed 64-bit
 * on the server, so anything from 2^63 - 1 up is a sentinel.
 */
const NO_POSITION_SENTINEL = (1n << 63n) - 1n;

/** .NET ticks (100 ns) since the Unix epoch are ~1.7e16 today; milliseconds are ~1.7e12. */
const TICKS_THRESHOLD = 1e15;
const TICKS_PER_MILLISECOND = 10_000;

export function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (expected < 0n) {
        throw new RangeError(`Expected revision must not be negative, got ${expected}`);
      }
      return expected;
  }
}

/** The client reports a missing stream as 'no_stream' or, on some paths, as revision -1. */
export function toPortActualRevision(actual: CurrentRevision | undefined): bigint | 'no_stream' {
  if (actual === undefined || actual === NO_STREAM) return 'no_stream';
  return actual < 0n ? 'no_stream' : actual;
}

/** The port's single bigint position, or null when the server did not give a real one. */
export function toLogPosition(position: Position | undefined | null): bigint | null {
  if (!position) return null;
  const { commit } = position;
  if (commit < 0n || commit >= NO_POSITION_SENTINEL) return null;
  return commit;
}

/**
 * gRPC appends are implicit transactions, so every event's commit and prepare positions are
 * equal (see the header) and the pair can be rebuilt from the one number the port keeps.
 */
export function toReadPosition(after: bigint | undefined): ReadPosition {
  if (after === undefined) return START;
  if (after < 0n) throw new RangeError(`Log position must not be negative, got ${after}`);
  return { commit: after, prepare: after };
}

/** Event types starting with '$' belong to the server ($statsCollected, $metadata, links…). */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

/** The 6.x client gives a Date; older clients gave a number (ms or .NET ticks). */
export function toCreatedAt(created: Date | number | bigint | string | undefined): Date {
  if (created instanceof Date) return new Date(created.getTime());
  if (created === undefined) return new Date(0);
  if (typeof created === 'string') return new Date(created);
  const value = Number(created);
  return new Date(value >= TICKS_THRESHOLD ? Math.floor(value / TICKS_PER_MILLISECOND) : value);
}

/** Data and metadata arrive parsed when stored as JSON, as bytes otherwise. */
export function decodeJsonPayload(raw: unknown): unknown {
  if (raw instanceof Uint8Array) {
    const text = Buffer.from(raw).toString('utf8');
    if (text.length === 0) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return raw;
    }
  }
  return raw === undefined ? null : raw;
}

/** Our envelope's metadata, or null for an event this application did not append. */
export function toEventMetadata(raw: unknown): EventMetadata | null {
  const value = decodeJsonPayload(raw);
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { actor?: unknown }).actor !== 'object'
  ) {
    return null;
  }
  return value as EventMetadata;
}

/**
 * Maps one resolved event to the port's envelope. Answers null for what the port does not
 * show: server events, entries without an event body, and events another tool wrote without
 * our metadata (failing on those would stop every projection at that event for good).
 */
export function toRecordedEvent(
  resolved: ResolvedEvent | AllStreamResolvedEvent,
): RecordedEvent | null {
  const event = resolved.event;
  if (!event || isSystemEventType(event.type)) return null;
  const position = toLogPosition(event.position) ?? positionFromCommit(resolved.commitPosition);
  if (position === null) {
    throw new Error(
      `EventStoreDB gave no log position for event ${event.id} in ${event.streamId}; ` +
        'stream reads carry positions from server version 22.6 on',
    );
  }
  const metadata = toEventMetadata(event.metadata);
  if (metadata === null) return null;
  if (event.position && toLogPosition(event.position) !== null) {
    const { commit, prepare } = event.position;
    if (commit !== prepare) {
      // Several events would share one port position: readers after it would skip the rest.
      throw new Error(
        `Event ${event.id} in ${event.streamId} was written in an explicit transaction ` +
          `(commit position ${commit}, prepare position ${prepare}); this adapter orders ` +
          'events by one position each and needs appends over gRPC',
      );
    }
  }
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position,
    type: event.type,
    data: decodeJsonPayload(event.data),
    metadata,
    createdAt: toCreatedAt(event.created),
  };
}

/** The log position of any resolved entry, server events included, for paging cursors. */
export function rawPositionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): bigint | null {
  return toLogPosition(resolved.event?.position) ?? positionFromCommit(resolved.commitPosition);
}

function positionFromCommit(commit: bigint | undefined): bigint | null {
  return commit === undefined ? null : toLogPosition({ commit, prepare: commit });
}
