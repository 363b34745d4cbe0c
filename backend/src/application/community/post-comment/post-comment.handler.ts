import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import {
  COMMENT_NOT_FOUND,
  commentDecider,
  commentStreamId,
} from '../../../domain/comment/comment.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { CommunityWrites } from '../community-writes';
import { PostReads } from '../post-reads';
import type { CommentView } from '../post-views';
import { PostCommentCommand } from './post-comment.command';

/** A comment starts a thread; a reply joins its parent's thread (one level deep). */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand, CommentView> {
  constructor(
    private readonly writes: CommunityWrites,
    private readonly reads: PostReads,
  ) {}

  async execute(command: PostCommentCommand): Promise<CommentView> {
    const { userId, postId, text, parentCommentId } = command;
    await this.reads.visiblePost(postId, userId);
    let threadId: string | null = null;
    if (parentCommentId !== null) {
      const parent = await this.reads.comment(parentCommentId);
      if (parent.postId !== postId) throw new NotFoundError(COMMENT_NOT_FOUND);
      threadId = parent.threadId;
    }
    const commentId = randomUUID();
    const now = this.writes.now();
    const decided = await this.writes.decide(
      commentDecider,
      commentStreamId(threadId ?? commentId),
      { type: 'PostComment', data: { commentId, postId, threadId, userId, text } },
      userId,
      command.correlationId,
      now,
    );
    if (await this.writes.settled(decided.position)) return this.reads.newCommentView(commentId);
    // The read models lag past the wait: answer from the recorded fact rather than a 404.
    const [posted] = decided.events;
    if (posted?.type !== 'CommentPosted') return this.reads.newCommentView(commentId);
    return {
      comment: {
        _id: commentId,
        postId,
        threadId: posted.data.threadId,
        parentCommentId: posted.data.parentCommentId,
        authorId: userId,
        text: posted.data.text,
        likesCount: 0,
        createdAt: now.toISOString(),
      },
      author: await this.reads.author(userId),
      likedByViewer: false,
      replies: [],
    };
  }
}
