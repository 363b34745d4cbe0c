import { randomUUID } from 'node:crypto';
import {
  commentLiked,
  commentPosted,
  postLiked,
  rated,
} from '../../src/application/community/testing/community-use-cases';
import { voteStreamId } from '../../src/domain/post-rating/post-rating.decider';
import { commentStreamId } from '../../src/domain/comment/comment.decider';
import { likeStreamId } from '../../src/domain/like/like.decider';
import { FINGERPRINT_VERSION } from '../../src/domain/post/photo-fingerprint';
import { postStreamId } from '../../src/domain/post/post.decider';
import { reportStreamId } from '../../src/domain/report/report.decider';
import { existingStream, type ExistingStream, type GivenEvent } from './api-specification';
import { imageOf, postPublished } from './community-use-cases';

/** The community's history as its streams record it, for API specs to give. */

/** A post published by `authorId` (with an AI rating), then whatever else is given. */
export const publishedPost = (
  postId: string,
  authorId: string,
  ...then: GivenEvent[]
): ExistingStream => {
  const published = postPublished(postId, authorId);
  const data = { ...(published.data as object), image: fingerprinted(postId) };
  return existingStream(postStreamId(postId), [{ ...published, data }, ...then]);
};

/**
 * A post's stored image, filed at the current fingerprint version (with no keys, as for a file
 * that could not be read): an app that starts on this history has no photo to fingerprint again.
 */
const fingerprinted = (postId: string) => ({
  ...imageOf(postId),
  fingerprint: [],
  fingerprintVersion: FINGERPRINT_VERSION,
});

/** A comment on `postId` by `userId`: a thread of its own, or a reply in its parent's thread. */
export const postedComment = (
  { commentId, postId, userId }: { commentId: string; postId: string; userId: string },
  text = 'Hi',
  parentCommentId: string | null = null,
): ExistingStream =>
  existingStream(commentStreamId(parentCommentId ?? commentId), [
    commentPosted(commentId, postId, userId, text, parentCommentId),
  ]);

/** `userId` likes the post. */
export const likedPost = (postId: string, userId: string): ExistingStream =>
  existingStream(likeStreamId('post', postId, userId), [postLiked(postId, userId)]);

/** `userId` likes the comment. */
export const likedComment = (commentId: string, postId: string, userId: string): ExistingStream =>
  existingStream(likeStreamId('comment', commentId, userId), [
    commentLiked(commentId, postId, userId),
  ]);

/** A photo posted by `authorId` without an AI rating: its place waits for the community's. */
export const directPost = (
  postId: string,
  authorId: string,
  ...then: GivenEvent[]
): ExistingStream =>
  existingStream(postStreamId(postId), [
    { type: 'PostPublished', data: { postId, authorId, image: fingerprinted(postId), ai: null } },
    ...then,
  ]);

/** `userId` rates the post of `authorId` `score` out of 10, a rating that counts. */
export const ratedPost = (
  postId: string,
  userId: string,
  authorId: string,
  score: number,
): ExistingStream =>
  existingStream(voteStreamId(postId, userId), [rated(postId, userId, authorId, score)]);

/** `reporterId` reports the post of `authorId`: a pending report. */
export const reportedPost = (
  postId: string,
  reporterId: string,
  authorId: string,
  reason = 'Shows a face',
): ExistingStream =>
  existingStream(reportStreamId(postId, reporterId), [
    {
      type: 'PostReported',
      data: { reportId: randomUUID(), postId, userId: reporterId, authorId, reason },
    },
  ]);
