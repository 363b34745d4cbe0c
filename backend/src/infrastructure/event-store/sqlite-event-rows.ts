import type { EventMetadata, RecordedEvent } from '../../domain/shared/event';
import type {
  AppendResult,
  EventToAppend,
  ExpectedRevision,
} from '../../application/ports/event-store.port';

/**
 * A row of the events table as the reads select it: a tuple (better-sqlite3's raw mode), which
 * costs a replay of a million events about a quarter less than an object per row.
 */
export type EventRow = [
  position: bigint,
  id: string,
  streamId: string,
  revision: bigint,
  type: string,
  data: string,
  metadata: string,
  createdAt: string,
];

/** The columns of `EventRow`, in its order. */
export const EVENT_COLUMNS = 'position, id, stream_id, revision, type, data, metadata, created_at';

/** An event to append with its data and metadata already JSON. */
export interface SerializedEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** The event as the log stores it: its data (null when absent) and metadata as JSON. */
export function serializedEvent(event: EventToAppend): SerializedEvent {
  return {
    id: event.id,
    type: event.type,
    data: JSON.stringify(event.data ?? null),
    metadata: JSON.stringify(event.metadata),
  };
}

/** What an append carries as EventStoreDB counts it: its events' data and metadata, in bytes. */
export function appendBytes(rows: readonly SerializedEvent[]): number {
  let bytes = 0;
  for (const { data, metadata } of rows) {
    bytes += Buffer.byteLength(data) + Buffer.byteLength(metadata);
  }
  return bytes;
}

export function revisionMatches(expected: ExpectedRevision, current: bigint | null): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === null;
    case 'stream_exists':
      return current !== null;
    default:
      return current === expected;
  }
}

/** Freezes an event handed to several readers, and its data and metadata (not deeper). */
export function freezeEvent(event: RecordedEvent): void {
  Object.freeze(event);
  Object.freeze(event.metadata);
  if (typeof event.data === 'object' && event.data !== null) Object.freeze(event.data);
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return recordedEvent(row, JSON.parse(row[5]) as unknown, JSON.parse(row[6]) as EventMetadata);
}

/**
 * A row as the log reader sends it (`readLogAhead`): one JSON text per page, in which the
 * position and revision are decimal strings and the data and metadata already parsed.
 */
export type ParsedEventRow = [
  position: string,
  id: string,
  streamId: string,
  revision: string,
  type: string,
  data: unknown,
  metadata: EventMetadata,
  createdAt: string,
];

export function fromParsedRow(row: ParsedEventRow): RecordedEvent {
  return recordedEvent(row, row[5], row[6]);
}

/** The event of a row, stored or sent by the log reader, with its data and metadata parsed. */
function recordedEvent(
  row: EventRow | ParsedEventRow,
  data: unknown,
  metadata: EventMetadata,
): RecordedEvent {
  return {
    id: row[1],
    streamId: row[2],
    revision: BigInt(row[3]),
    position: BigInt(row[0]),
    type: row[4],
    data,
    metadata,
    createdAt: createdAt(row[7]),
  };
}

/** The last append time read and its milliseconds, so a batch's events parse it once. */
let lastCreatedAt = { text: '', ms: Number.NaN };

/** A new Date per event (a caller may change its own), from a time often read just before. */
function createdAt(text: string): Date {
  if (text !== lastCreatedAt.text) lastCreatedAt = { text, ms: Date.parse(text) };
  return new Date(lastCreatedAt.ms);
}

export interface PendingAppend {
  streamId: string;
  rows: SerializedEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

export type AppendOutcome =
  { ok: true; result: AppendResult; appended: boolean } | { ok: false; error: unknown };

/** A new stream and its events, for `SqliteEventStore.importEvents`. */
export interface ImportedStream {
  streamId: string;
  events: readonly EventToAppend[];
}

export interface ImportResult {
  streams: number;
  events: number;
  /** Global position of the last event written; null when nothing was. */
  position: bigint | null;
}

/** The position of the first event the group wrote, or null when it wrote none. */
export function firstAppended(
  group: readonly PendingAppend[],
  outcomes: readonly AppendOutcome[],
): bigint | null {
  let first: bigint | null = null;
  outcomes.forEach((outcome, i) => {
    if (!outcome.ok || !outcome.appended) return;
    const start = outcome.result.position - BigInt(group[i].rows.length - 1);
    if (first === null || start < first) first = start;
  });
  return first;
}
