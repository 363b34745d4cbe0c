import type { CommentDeleted, CommentPosted } from '../../domain/comment/comment.decider';
import type { LikeEvent } from '../../domain/like/like.decider';
import type { Recorded, RecordedEvent } from '../../domain/shared/event';
import type { UserBanned, UserRestrictionLifted } from '../../domain/user/user.events';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const COMMENTS = 'comments';

/** A comment or reply; the author's profile is joined at read time. */
export interface CommentDocument extends ReadDocument {
  postId: string;
  threadId: string;
  parentCommentId: string | null;
  authorId: string;
  text: string;
  likesCount: number;
  createdAt: string;
  /** Its author is banned: left out of every public page until the ban is lifted. */
  hidden?: boolean;
}

type Handled =
  | RecordedEvent<'CommentPosted', CommentPosted['data']>
  | RecordedEvent<'CommentDeleted', CommentDeleted['data']>
  | Recorded<LikeEvent>
  | RecordedEvent<'UserBanned' | 'UserBanExtended', UserBanned['data']>
  | RecordedEvent<'UserRestrictionLifted' | 'UserBanPartlyLifted', UserRestrictionLifted['data']>;

export const commentsProjection: Projection<CommentDocument> = {
  collection: COMMENTS,
  handles: [
    'CommentPosted',
    'CommentDeleted',
    'Liked',
    'Unliked',
    'LikeSetAside',
    'LikeRestored',
    'UserBanned',
    'UserBanExtended',
    'UserBanPartlyLifted',
    'UserRestrictionLifted',
  ],
  indexes: [
    { keys: { postId: 1, createdAt: 1 } },
    { keys: { authorId: 1, createdAt: 1 } },
    // The admins' list, newest first, and their search of its texts.
    { keys: { createdAt: -1 } },
    { keys: { text: 1 }, text: true },
  ],

  documentId(recorded) {
    const event = recorded as Handled;
    switch (event.type) {
      case 'CommentPosted':
        return event.data.commentId;
      case 'CommentDeleted':
        // A top-level comment takes its replies with it.
        return [event.data.commentId, ...(event.data.removedReplyIds ?? [])];
      case 'Liked':
      case 'Unliked':
      case 'LikeSetAside':
      case 'LikeRestored':
        return event.data.target === 'comment' ? event.data.targetId : null;
      case 'UserBanned':
      case 'UserBanExtended':
      case 'UserBanPartlyLifted':
      case 'UserRestrictionLifted':
        return Array.isArray(event.data.commentIds)
          ? event.data.commentIds.filter((id) => typeof id === 'string')
          : null;
      default:
        return null;
    }
  },

  apply(comment, recorded) {
    const event = recorded as Handled;
    if (event.type === 'CommentPosted') {
      if (comment) return comment;
      const { commentId, postId, threadId, parentCommentId, userId, text } = event.data;
      return {
        _id: commentId,
        postId,
        threadId,
        parentCommentId,
        authorId: userId,
        text,
        likesCount: 0,
        createdAt: recorded.metadata.at,
      };
    }
    if (!comment) return null;
    switch (event.type) {
      case 'CommentDeleted':
        return null;
      case 'Liked':
      case 'LikeRestored':
        return { ...comment, likesCount: comment.likesCount + 1 };
      case 'Unliked':
      case 'LikeSetAside':
        return { ...comment, likesCount: Math.max(0, comment.likesCount - 1) };
      case 'UserBanned':
      case 'UserBanExtended':
        return { ...comment, hidden: true };
      case 'UserBanPartlyLifted':
      case 'UserRestrictionLifted':
        return { ...comment, hidden: false };
      default:
        return comment;
    }
  },
};
