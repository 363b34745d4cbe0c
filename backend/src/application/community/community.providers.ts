import type { Provider } from '@nestjs/common';
import { PhotoAssessment } from '../rate-photo/photo-assessment';
import { BoostExpiry } from './boost-expiry';
import { CommunityWrites } from './community-writes';
import { DeleteCommentHandler, PostCommentHandler } from './comment.handlers';
import {
  GetBoardHandler,
  GetClosedWeekHandler,
  GetClosedWeeksHandler,
  GetCommentsHandler,
  GetLikedHandler,
  GetPostHandler,
  GetPostsByHandler,
  GetUserRatingHandler,
  GetWeeklyBoardHandler,
} from './community.queries';
import { RatePostHandler, ReportPostHandler, SetLikeHandler } from './engagement.handlers';
import { PostReads } from './post-reads';
import { AutoHide } from './auto-hide';
import { SimilarPhotos } from './similar-photos';
import {
  DeletePostHandler,
  PublishDirectHandler,
  PublishRatingHandler,
} from './publish-post.handlers';

/** The community context: posts, boards, likes, comments, ratings, reports. */
export const communityProviders: Provider[] = [
  PhotoAssessment,
  CommunityWrites,
  PostReads,
  AutoHide,
  BoostExpiry,
  SimilarPhotos,
  PublishRatingHandler,
  PublishDirectHandler,
  DeletePostHandler,
  SetLikeHandler,
  RatePostHandler,
  ReportPostHandler,
  PostCommentHandler,
  DeleteCommentHandler,
  GetBoardHandler,
  GetWeeklyBoardHandler,
  GetPostHandler,
  GetCommentsHandler,
  GetPostsByHandler,
  GetLikedHandler,
  GetUserRatingHandler,
  GetClosedWeeksHandler,
  GetClosedWeekHandler,
];
