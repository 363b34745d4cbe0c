import type { Provider } from '@nestjs/common';
import { AdminReads } from './admin-reads';
import { ApprovePostHandler } from './approve-post/approve-post.handler';
import { BanUserHandler } from './ban-user/ban-user.handler';
import { ClearProfileFieldsHandler } from './clear-profile-fields/clear-profile-fields.handler';
import { ClearClusterHandler } from './clear-cluster/clear-cluster.handler';
import { HeldRatings } from './count-held-ratings/held-ratings';
import { HeldRatingsSweep } from './count-held-ratings/held-ratings-sweep';
import { GetClusterHandler } from './get-cluster/get-cluster.handler';
import { ListClustersHandler } from './list-clusters/list-clusters.handler';
import { ListHeldVotesHandler } from './list-held-votes/list-held-votes.handler';
import { ExportAuditHandler } from './export-audit/export-audit.handler';
import { GetAdminPostHandler } from './get-admin-post/get-admin-post.handler';
import { GetAdminUserHandler } from './get-admin-user/get-admin-user.handler';
import { GetBoostReceiptHandler } from './get-boost-receipt/get-boost-receipt.handler';
import { GetDashboardCountsHandler } from './get-dashboard-counts/get-dashboard-counts.handler';
import { GetDisputeHandler } from './get-dispute/get-dispute.handler';
import { GetReportHandler } from './get-report/get-report.handler';
import { GetStoredImageHandler } from './get-stored-image/get-stored-image.handler';
import { GetStatisticsHandler } from './get-statistics/get-statistics.handler';
import { GetUserStrikesHandler } from './get-user-strikes/get-user-strikes.handler';
import { LiftPostingSuspensionHandler } from './lift-posting-suspension/lift-posting-suspension.handler';
import { LiftRestrictionHandler } from './lift-restriction/lift-restriction.handler';
import { ListAdminCommentsHandler } from './list-admin-comments/list-admin-comments.handler';
import { ListAdminPostsHandler } from './list-admin-posts/list-admin-posts.handler';
import { ListHeldPostsHandler } from './list-held-posts/list-held-posts.handler';
import { ListAuditHandler } from './list-audit/list-audit.handler';
import { ListBoostsHandler } from './list-boosts/list-boosts.handler';
import { ListPaymentsHandler } from './list-payments/list-payments.handler';
import { ListReportsHandler } from './list-reports/list-reports.handler';
import { ListUsersHandler } from './list-users/list-users.handler';
import { ModerationWrites } from './moderation-writes';
import { RemoveCommentHandler } from './remove-comment/remove-comment.handler';
import { RemovePostHandler } from './remove-post/remove-post.handler';
import { GonePost } from '../community/gone-post';
import { BannedAuthors } from '../community/banned-authors';
import { BannedVotes } from './banned-votes';
import { ResolveDisputeHandler } from './resolve-dispute/resolve-dispute.handler';
import { ReviewReportHandler } from './review-report/review-report.handler';
import { SetPostVisibilityHandler } from './set-post-visibility/set-post-visibility.handler';
import { SetUserAdminHandler } from './set-user-admin/set-user-admin.handler';
import { StrikesReactor } from './strikes-reactor';
import { SuspendUserHandler } from './suspend-user/suspend-user.handler';

/**
 * The moderation context: every admin action on posts, comments, reports, accounts and payment
 * disputes (a command each), and every back-office read (a query each).
 */
export const moderationProviders: Provider[] = [
  ModerationWrites,
  AdminReads,
  HeldRatings,
  HeldRatingsSweep,
  ClearClusterHandler,
  GetClusterHandler,
  ListClustersHandler,
  ListHeldVotesHandler,
  ApprovePostHandler,
  SetPostVisibilityHandler,
  RemovePostHandler,
  GonePost,
  BannedVotes,
  BannedAuthors,
  RemoveCommentHandler,
  ReviewReportHandler,
  SetUserAdminHandler,
  SuspendUserHandler,
  BanUserHandler,
  ClearProfileFieldsHandler,
  LiftRestrictionHandler,
  LiftPostingSuspensionHandler,
  GetUserStrikesHandler,
  StrikesReactor,
  ResolveDisputeHandler,
  GetDashboardCountsHandler,
  ListBoostsHandler,
  GetBoostReceiptHandler,
  ListPaymentsHandler,
  GetDisputeHandler,
  ListAdminPostsHandler,
  ListHeldPostsHandler,
  GetAdminPostHandler,
  ListAdminCommentsHandler,
  ListReportsHandler,
  GetReportHandler,
  ListUsersHandler,
  GetAdminUserHandler,
  GetStatisticsHandler,
  GetStoredImageHandler,
  ListAuditHandler,
  ExportAuditHandler,
];
