import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  COMMENT_NOT_FOUND,
  commentDecider,
  commentStreamId,
} from '../../../domain/comment/comment.decider';
import type { CommentEvent } from '../../../domain/comment/comment.decider';
import { COMMENT_REFUSALS } from '../../../domain/comment/comment-filter';
import { NotFoundError, ValidationError } from '../../../domain/shared/errors';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { BannedAuthors } from '../banned-authors';
import { PostReads } from '../post-reads';
import type { CommentView } from '../post-views';
import { PostCommentCommand } from './post-comment.command';
import { newRecordId } from '../../shared/record-ids';

/**
 * A comment starts a thread; a reply joins its parent's thread (one level deep). The comment
 * filter screens the text first (`comment-filter.ts`): a refused comment is recorded as such
 * (the cause of a strike) and answered 400 with the reason; nothing is posted.
 */
@CommandHandler(PostCommentCommand)
export class PostCommentHandler implements ICommandHandler<PostCommentCommand, CommentView> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
    private readonly bannedAuthors: BannedAuthors,
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
    const commentId = newRecordId();
    const now = this.writes.now();
    const screening = await this.reads.commentScreening(userId, postId, now);
    const decided = await this.writes.decide(
      commentStreamId(threadId ?? commentId),
      commentDecider,
      { type: 'PostComment', data: { commentId, postId, threadId, userId, text, screening } },
      by.member(userId, command.correlationId, now),
    );
    const [first] = decided.events;
    if (first?.type === 'CommentRefused') {
      throw new ValidationError(COMMENT_REFUSALS[first.data.reason]);
    }
    const settled = await this.writes.settled(decided.position);
    const view = await this.view(settled, decided.events, commentId, command, now);
    // Banned as it was written: the comment goes with the ban (answered as it was posted).
    const written = { commentId, postId };
    await this.bannedAuthors.afterWriting(userId, written, command.correlationId, settled);
    return view;
  }

  private async view(
    settled: boolean,
    events: readonly CommentEvent[],
    commentId: string,
    { userId, postId }: PostCommentCommand,
    now: Date,
  ): Promise<CommentView> {
    if (settled) return this.reads.newCommentView(commentId);
    // The read models lag past the wait: answer from the recorded fact rather than a 404.
    const [posted] = events;
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
      replies: [],
    };
  }
}
