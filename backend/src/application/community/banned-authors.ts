import { namesInParts } from '../../domain/user/user-restrictions';
import { Inject, Injectable } from '@nestjs/common';
import { likeDecider } from '../../domain/like/like.decider';
import { postRatingDecider } from '../../domain/post-rating/post-rating.decider';
import { userDecider } from '../../domain/user/user.decider';
import { COMMENTS, type CommentDocument } from '../../projections/comments/comments.projection';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { accountStreams } from '../accounts/account-secrets';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { by as decidedBy, type By } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

/**
 * Sets a like or a rating (`stream`: `like-…` or `vote-…`) aside from the figures of what it is
 * on, or restores it (`aside` false), on its own stream.
 */
export function setVoteAside(
  writes: StreamWrites,
  stream: string,
  aside: boolean,
  by: By,
): Promise<{ position: bigint | null }> {
  if (stream.startsWith('like-')) {
    return writes.decide(stream, likeDecider, { type: aside ? 'SetLikeAside' : 'RestoreLike' }, by);
  }
  const type = aside ? 'SetVoteAside' : 'RestoreVote';
  return writes.decide(stream, postRatingDecider, { type }, by);
}

/** What a member wrote that a ban hides: a post, or a comment on a post. */
type Written = { postId: string } | { commentId: string; postId: string };

/**
 * A ban reaches what its account wrote as it was decided. A write can land just before the ban (not
 * in the read models yet) or just after it (its request began before the sessions ended), so each
 * side looks again once the read models hold its own write: the ban lists the account's posts and
 * comments again (`afterBan`; likes and ratings: BannedVotes), and a member's write asks whether
 * its author is banned by then (`afterWriting`, `afterVoting`). Whichever comes second hides it.
 */
@Injectable()
export class BannedAuthors {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** The account's posts and comments, as the read models hold them now (what a ban names). */
  async written(userId: string): Promise<{ posts: PostDocument[]; comments: CommentDocument[] }> {
    const [posts, comments] = await Promise.all([
      this.readStore.find<PostDocument>(POSTS, { authorId: userId }),
      this.readStore.find<CommentDocument>(COMMENTS, { authorId: userId }),
    ]);
    return { posts, comments };
  }

  /** After a ban the read models hold: the account's posts and comments it did not name. */
  async afterBan(userId: string, by: By): Promise<void> {
    const { posts, comments } = await this.written(userId);
    await this.extend(
      userId,
      posts.filter((post) => !post.removed && !post.authorBanned).map((post) => post._id),
      comments.filter((comment) => !comment.hidden),
      by,
    );
  }

  /**
   * A post or comment, once the read models hold it (`settled`; else the account's stream is
   * asked): with the ban, if its author is banned by then.
   */
  async afterWriting(
    userId: string,
    written: Written,
    correlationId: string,
    settled: boolean,
  ): Promise<void> {
    if (!(await this.banned(userId, settled))) return;
    const by = decidedBy.system('ban', correlationId);
    if ('commentId' in written) {
      const comment = { _id: written.commentId, postId: written.postId };
      await this.extend(userId, [], [comment], by);
    } else await this.extend(userId, [written.postId], [], by);
  }

  /** A like or rating (its stream), as `afterWriting`: set aside if its voter is banned by then. */
  async afterVoting(
    userId: string,
    stream: string,
    correlationId: string,
    settled: boolean,
  ): Promise<void> {
    if (!(await this.banned(userId, settled))) return;
    const by = decidedBy.system('ban', correlationId);
    const aside = await setVoteAside(this.writes, stream, true, by);
    // A lift between the check and the set-aside restored the votes it found, not this one:
    // asked again (the account's stream), a vote no ban holds counts again.
    let last = aside.position;
    if (!(await this.banned(userId, false))) {
      last = (await setVoteAside(this.writes, stream, false, by)).position ?? last;
    }
    await this.writes.settled(last);
  }

  /**
   * Whether the account is banned: as the read models say once they hold the write (a ban before
   * it in the log is in them too), else as its own stream says.
   */
  private async banned(userId: string, settled: boolean): Promise<boolean> {
    if (!settled) {
      const { state } = await this.writes.load(userDecider, accountStreams.user(userId));
      return state.status === 'registered' && state.restriction.status === 'banned';
    }
    const user = await this.readStore.findOne<UserDocument>(USERS, { _id: userId });
    return user?.status === 'banned';
  }

  private async extend(
    userId: string,
    postIds: string[],
    comments: readonly Pick<CommentDocument, '_id' | 'postId'>[],
    by: By,
  ): Promise<void> {
    // One append per part, so each stays within the stores' limit.
    const named = comments.map(({ _id, postId }) => ({ commentId: _id, postId }));
    for (const part of namesInParts(postIds, named)) {
      await this.writes.decide(
        accountStreams.user(userId),
        userDecider,
        { type: 'ExtendBan', data: part },
        by,
        { settle: true },
      );
    }
  }
}
