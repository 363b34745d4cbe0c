/**
 * Answer shapes shared by more than one feature (docs/community.md "Shapes"). A shape only one
 * feature reads lives in that feature.
 */

import type { Schema } from '@/lib/api/schema';

export type BoostType = Schema<'BoostResponse'>['boostType'];

/** Spec §3 "Post" as `GET /api/posts/{id}` and the boards answer it (`rank` where a board ranks). */
export type Post = Schema<'PostResponse'>;

/** The name an author goes by: the display name, else the anonymous username. */
export function authorName(author: {
  displayUsername?: string | null;
  username?: string | null;
}): string {
  return author.displayUsername?.trim() || author.username?.trim() || 'Anonymous';
}

/** Spec §3 "Boost" as the payments routes answer it (prices are dollar strings, "1.99"). */
export type Boost = Schema<'BoostResponse'>;

/** `GET /api/boosts/unclaimed`: the account's unused boosts, the oldest (the next applied) first. */
export type UnclaimedBoosts = Schema<'UnclaimedBoostsResponse'>;
