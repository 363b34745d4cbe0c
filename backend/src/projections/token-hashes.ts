import type { RecordedEvent } from '../domain/shared/event';

/** The documents an event names by its `tokenHashes` (several sessions or links at once). */
export function tokenHashesOf(event: RecordedEvent): string[] | null {
  const hashes = (event.data as { tokenHashes?: unknown } | null)?.tokenHashes;
  return Array.isArray(hashes) ? hashes.filter((h): h is string => typeof h === 'string') : null;
}
