import { accountStreamsProjection } from './account-streams/account-streams.projection';
import { accountTokensProjection } from './account-tokens/account-tokens.projection';
import { adminSessionsProjection } from './admin-sessions/admin-sessions.projection';
import { adminsProjection } from './admins/admins.projection';
import { auditProjection } from './audit/audit.projection';
import { boostsProjection } from './boosts/boosts.projection';
import { clustersProjection } from './clusters/clusters.projection';
import { commentsProjection } from './comments/comments.projection';
import { heldVotesProjection } from './held-votes/held-votes.projection';
import { likesProjection } from './likes/likes.projection';
import { paymentsProjection } from './payments/payments.projection';
import { photoFingerprintsProjection } from './photo-fingerprints/photo-fingerprints.projection';
import { photoRatingsProjection } from './photo-ratings/photo-ratings.projection';
import { postsProjection } from './posts/posts.projection';
import type { Projection } from './projection';
import { rememberedBrowsersProjection } from './remembered-browsers/remembered-browsers.projection';
import { reportsProjection } from './reports/reports.projection';
import { statisticsProjection } from './statistics/statistics.projection';
import { strikesProjection } from './strikes/strikes.projection';
import { userSessionsProjection } from './user-sessions/user-sessions.projection';
import { usersProjection } from './users/users.projection';
import { votersProjection } from './voters/voters.projection';
import { weeklyCompetitionsProjection } from './weekly-competitions/weekly-competitions.projection';

/**
 * Every projection the runner feeds. Bump PROJECTIONS_VERSION whenever a projection's output
 * changes: read models built by another version are rebuilt from the log beside the live ones
 * at start, and swapped in once caught up (docs/decisions/online-rebuild.md).
 */
export const PROJECTIONS_VERSION = 25;

export const allProjections: readonly Projection[] = [
  photoRatingsProjection as Projection,
  usersProjection as Projection,
  userSessionsProjection as Projection,
  accountTokensProjection as Projection,
  adminsProjection as Projection,
  adminSessionsProjection as Projection,
  rememberedBrowsersProjection as Projection,
  postsProjection as Projection,
  commentsProjection as Projection,
  likesProjection as Projection,
  accountStreamsProjection as Projection,
  weeklyCompetitionsProjection as Projection,
  photoFingerprintsProjection as Projection,
  reportsProjection as Projection,
  auditProjection as Projection,
  statisticsProjection as Projection,
  boostsProjection as Projection,
  paymentsProjection as Projection,
  strikesProjection as Projection,
  votersProjection as Projection,
  clustersProjection as Projection,
  heldVotesProjection as Projection,
];
