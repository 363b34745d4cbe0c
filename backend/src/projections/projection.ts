import type { RecordedEvent } from '../domain/shared/event';
import type { IndexSpec, ReadDocument } from './read-model';

/**
 * A projection is pure: for an event it names the document it touches and computes the new
 * document from the old one. It never throws on odd data: it clamps or skips (returns the
 * document unchanged). The projection runner does the I/O and the checkpoint.
 */
export interface Projection<Doc extends ReadDocument = ReadDocument> {
  /** The read model collection this projection owns. */
  collection: string;
  /** Event types it reacts to; other events never reach `apply`. */
  handles: readonly string[];
  /**
   * The id of the document the event changes, or several (each gets `apply` in turn, e.g. a
   * deleted comment and its replies), or null to ignore the event.
   */
  documentId(event: RecordedEvent): string | readonly string[] | null;
  /**
   * Event types whose document is the event's own stream's (one document per stream, as a like's
   * is its like stream's): at the stream's first event it cannot exist yet, so the runner reads
   * nothing from the store for it. Leave out a type that can touch another stream's document.
   */
  createdWithStream?: readonly string[];
  /** Indexes the collection's queries walk (boards are kept in order, never sorted per read). */
  indexes?: readonly IndexSpec[];
  /**
   * The new document, or null to delete it. The runner passes the `id` that `documentId` named
   * (needed only by a projection whose documents are not named in the event's data).
   */
  apply(document: Doc | null, event: RecordedEvent, id?: string): Doc | null;
  /**
   * Optional, for a replay's hot paths: the same result as `apply`, but it may change `document`
   * itself instead of building a new one. Only called with a document its caller owns (one a
   * rebuild's projection built and nobody else has seen yet).
   */
  applyInPlace?(document: Doc | null, event: RecordedEvent, id?: string): Doc | null;
}
