import type { Projection } from '../../src/projections/projection';

/** Counts events per stream and remembers the last event id, to detect loss or doubling. */
export const talliesProjection: Projection = {
  collection: 'tallies',
  handles: ['Tallied'],
  documentId: (event) => event.streamId,
  apply: (doc, event) => ({
    _id: event.streamId,
    count: ((doc?.count as number) ?? 0) + 1,
    events: [...((doc?.events as string[]) ?? []), event.id],
  }),
};
