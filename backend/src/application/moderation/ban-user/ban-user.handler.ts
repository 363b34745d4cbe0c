import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { NAMES_PER_EVENT } from '../../../domain/user/user-restrictions';
import { countByPost } from '../../shared/hidden-comments';
import { BannedAuthors } from '../../community/banned-authors';
import { BannedVotes } from '../banned-votes';
import { ModerationWrites } from '../moderation-writes';
import { BanUserCommand } from './ban-user.command';

/**
 * The account's live posts and comments are listed now and hidden with the ban, and listed again
 * once the read models hold it, for what was written as it was decided or did not fit the ban's
 * event (`NAMES_PER_EVENT`; see BannedAuthors); then its likes and ratings leave the figures of
 * what they are on (see BannedVotes).
 */
@CommandHandler(BanUserCommand)
export class BanUserHandler implements ICommandHandler<BanUserCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly votes: BannedVotes,
    private readonly authors: BannedAuthors,
  ) {}

  async execute({ act, userId, reason }: BanUserCommand): Promise<void> {
    await this.writes.existingUser(userId);
    const written = await this.authors.written(userId);
    // What one event names; the rest joins the ban right after (`afterBan`).
    const posts = written.posts.filter((post) => !post.removed).slice(0, NAMES_PER_EVENT);
    const comments = written.comments.slice(0, NAMES_PER_EVENT - posts.length);
    await this.writes.decideOnUser(
      userId,
      {
        type: 'BanUser',
        data: {
          reason,
          postIds: posts.map((post) => post._id),
          commentIds: comments.map((comment) => comment._id),
          // The posts those comments are on lose them from their counts until a lift.
          commentsByPost: countByPost(comments.filter((comment) => !comment.hidden)),
        },
      },
      by.admin(act),
    );
    await this.authors.afterBan(userId, by.admin(act));
    await this.votes.setAside(userId, by.admin(act));
  }
}
