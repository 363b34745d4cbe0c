import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { likeDecider, likeStreamId } from '../../../domain/like/like.decider';
import { originMarks } from '../../accounts/client-marks';
import { KEYED_HASHER, type KeyedHasher } from '../../ports/keyed-hasher.port';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { BannedAuthors } from '../banned-authors';
import { PostReads } from '../post-reads';
import { type LikeOutcome, SetLikeCommand } from './set-like.command';

/** Likes and unlikes a post or a comment; both are idempotent (see the like decider). */
@CommandHandler(SetLikeCommand)
export class SetLikeHandler implements ICommandHandler<SetLikeCommand, LikeOutcome> {
  constructor(
    private readonly writes: StreamWrites,
    private readonly reads: PostReads,
    @Inject(KEYED_HASHER) private readonly hasher: KeyedHasher,
    private readonly bannedAuthors: BannedAuthors,
  ) {}

  async execute(command: SetLikeCommand): Promise<LikeOutcome> {
    const { userId, target, targetId } = command;
    const postId = target === 'post' ? targetId : (await this.reads.comment(targetId)).postId;
    const data = { target, targetId, postId, userId };
    // A like of a post from an account tied to its author, or from the author's network or
    // browser, is recorded but not counted: the post and both voters in one round trip.
    const voters =
      target === 'post' && command.liked
        ? await this.reads.visiblePostWithVoters(postId, userId)
        : { post: await this.reads.visiblePost(postId, userId), viewer: null, author: null };
    const from = target === 'post' ? originMarks(this.hasher, command.origin) : null;
    const like = {
      ...data,
      liker: voters.viewer,
      author: voters.author,
      from,
      authorId: voters.post.authorId,
    };
    const stream = likeStreamId(target, targetId, userId);
    const decided = await this.writes.decide(
      stream,
      likeDecider,
      command.liked ? { type: 'Like', data: like } : { type: 'Unlike', data },
      by.member(userId, command.correlationId),
      // A like is most often the stream's first event: appended without reading it first.
      { newStreamFirst: command.liked },
    );
    // A like that was already there decides nothing; the count it answers must still include
    // the racing request that recorded it, so wait for the stream's last event (not the log's
    // head: finding that is a scan of the log's end on EventStoreDB).
    const settled = await this.writes.settled(decided.streamPosition);
    const [likesCount] = await Promise.all([
      target === 'post'
        ? this.reads.visiblePost(targetId, userId).then((post) => post.likesCount)
        : this.reads.comment(targetId).then((comment) => comment.likesCount),
      // Banned as it was cast: the like is set aside.
      command.liked
        ? this.bannedAuthors.afterVoting(userId, stream, command.correlationId, settled)
        : null,
    ]);
    return { liked: command.liked, likesCount };
  }
}
