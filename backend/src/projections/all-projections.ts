import { photoRatingsProjection } from './photo-ratings/photo-ratings.projection';
import type { Projection } from './projection';

/**
 * Every projection the runner feeds. Bump PROJECTIONS_VERSION whenever a projection's output
 * changes: read models built by another version are dropped and replayed from the log at start.
 */
export const PROJECTIONS_VERSION = 1;

export const allProjections: readonly Projection[] = [photoRatingsProjection as Projection];
