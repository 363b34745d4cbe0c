import type { Provider } from '@nestjs/common';
import { PhotoAssessment } from '../rate-photo/photo-assessment';
import { AutoHide } from './auto-hide';
import { BoostExpiry } from './boost-expiry';
import { DeleteCommentHandler } from './delete-comment/delete-comment.handler';
import { DeletePostHandler } from './delete-post/delete-post.handler';
import { ExpireDueBoostsHandler } from './expire-due-boosts/expire-due-boosts.handler';
import { GetBoardHandler } from './get-board/get-board.handler';
import { GetClosedWeekHandler } from './get-closed-week/get-closed-week.handler';
import { GetClosedWeeksHandler } from './get-closed-weeks/get-closed-weeks.handler';
import { GetCommentsHandler } from './get-comments/get-comments.handler';
import { KeptThreads } from './get-comments/kept-threads';
import { GetImageAccessHandler } from './get-image-access/get-image-access.handler';
import { GetLikedHandler } from './get-liked/get-liked.handler';
import { GetPostHandler } from './get-post/get-post.handler';
import { GetShareCardHandler } from './get-share-card/get-share-card.handler';
import { ShareCardCache } from './get-share-card/share-card-cache';
import { GetPostPreviewHandler } from './get-post-preview/get-post-preview.handler';
import { PostPreviews } from './get-post-preview/post-previews';
import { GetPostingSuspensionHandler } from './get-posting-suspension/get-posting-suspension.handler';
import { GetPostsByHandler } from './get-posts-by/get-posts-by.handler';
import { GetUserRatingHandler } from './get-user-rating/get-user-rating.handler';
import { GetWeeklyBoardHandler } from './get-weekly-board/get-weekly-board.handler';
import { GetWeeklyStandingHandler } from './get-weekly-standing/get-weekly-standing.handler';
import { GetHomeSummaryHandler } from './get-home-summary/get-home-summary.handler';
import { GonePost } from './gone-post';
import { BannedAuthors } from './banned-authors';
import { PostCommentHandler } from './post-comment/post-comment.handler';
import { PostReads } from './post-reads';
import { PostingSuspensions } from './posting-suspensions';
import { PublishDirectHandler } from './publish-direct/publish-direct.handler';
import { PublishRatingHandler } from './publish-rating/publish-rating.handler';
import { RatePostHandler } from './rate-post/rate-post.handler';
import { ReportPostHandler } from './report-post/report-post.handler';
import { SetLikeHandler } from './set-like/set-like.handler';
import { SimilarPhotos } from './similar-photos';

/**
 * The community context: posts, boards, likes, comments, ratings, reports. Each use case has a
 * folder of its own (its command or query and handler); what several share sits beside them.
 */
export const communityProviders: Provider[] = [
  PhotoAssessment,
  PostReads,
  AutoHide,
  BoostExpiry,
  SimilarPhotos,
  PostingSuspensions,
  GetPostingSuspensionHandler,
  PublishRatingHandler,
  PublishDirectHandler,
  DeletePostHandler,
  SetLikeHandler,
  RatePostHandler,
  GonePost,
  BannedAuthors,
  ReportPostHandler,
  PostCommentHandler,
  DeleteCommentHandler,
  ExpireDueBoostsHandler,
  GetBoardHandler,
  GetWeeklyBoardHandler,
  GetWeeklyStandingHandler,
  GetHomeSummaryHandler,
  GetPostHandler,
  GetCommentsHandler,
  KeptThreads,
  GetPostsByHandler,
  GetImageAccessHandler,
  GetLikedHandler,
  GetUserRatingHandler,
  GetClosedWeeksHandler,
  GetClosedWeekHandler,
  PostPreviews,
  GetPostPreviewHandler,
  ShareCardCache,
  GetShareCardHandler,
];
