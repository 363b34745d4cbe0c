import { useCase } from '../../../../test/support/use-case-specification';
import { MAX_APPEND_BYTES } from '../../ports/event-store.port';
import { NAMES_PER_EVENT } from '../../../domain/user/user-restrictions';
import { COMMENTS } from '../../../projections/comments/comments.projection';
import { POSTS, type PostDocument } from '../../../projections/posts/posts.projection';
import { accountStreams } from '../../accounts/account-secrets';
import { BannedAuthors } from '../../community/banned-authors';
import { BannedVotes } from '../banned-votes';
import { LiftRestrictionCommand } from '../lift-restriction/lift-restriction.command';
import { LiftRestrictionHandler } from '../lift-restriction/lift-restriction.handler';
import { account, comment, post } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../testing/admin-use-cases';
import { BanUserCommand } from './ban-user.command';
import { BanUserHandler } from './ban-user.handler';

/**
 * The accounts most worth banning wrote the most: a ban and its lift of an account with 20,000
 * comments each stay within the stores' append limit (which the embedded event store holds, as
 * EventStoreDB does), in several appends.
 */
describe('banning, then lifting the ban of, an account with 20,000 comments', () => {
  const user = id(2);
  const onPost = id(30);
  const COMMENT_COUNT = 20_000;

  const banThenLift = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      const votes = new BannedVotes(streams, world.readStore);
      const ban = new BanUserHandler(writes, votes, new BannedAuthors(streams, world.readStore));
      const lift = new LiftRestrictionHandler(writes, votes);
      const hidden = () => world.readStore.count(COMMENTS, { authorId: user, hidden: true });
      const comments = async () =>
        (await world.readStore.findOne<PostDocument>(POSTS, { _id: onPost }))?.commentsCount;
      return {
        execute: async () => {
          await ban.execute(new BanUserCommand(ADMIN, user, 'Spam'));
          const banned = { hidden: await hidden(), commentsCount: await comments() };
          await lift.execute(new LiftRestrictionCommand(ADMIN, user, null));
          return { banned, lifted: { hidden: await hidden(), commentsCount: await comments() } };
        },
      };
    },
    { now: NOW },
  );

  it('hides every comment with the ban and gives every one back with the lift, each append within the limit', async () => {
    const history = [
      account(user),
      post(onPost, id(3)),
      ...Array.from({ length: COMMENT_COUNT }, (_, i) =>
        comment(`c-${String(i).padStart(5, '0')}-${user}`, onPost, user),
      ),
    ];
    const outcome = await givenHistory(banThenLift, history).when(undefined).outcome();
    if ('error' in outcome) throw outcome.error;
    expect(outcome.answer).toEqual({
      banned: { hidden: COMMENT_COUNT, commentsCount: 0 },
      lifted: { hidden: 0, commentsCount: COMMENT_COUNT },
    });
    const events = appendedTo(outcome, accountStreams.user(user)).filter(
      (event) => event.type !== 'SessionEnded',
    );
    const parts = Math.ceil(COMMENT_COUNT / NAMES_PER_EVENT);
    expect(events.map((event) => event.type)).toEqual([
      'UserBanned',
      ...Array.from({ length: parts - 1 }, () => 'UserBanExtended'),
      ...Array.from({ length: parts - 1 }, () => 'UserBanPartlyLifted'),
      'UserRestrictionLifted',
    ]);
    for (const event of events) {
      expect(Buffer.byteLength(JSON.stringify(event.data))).toBeLessThan(MAX_APPEND_BYTES / 2);
    }
    // 20,000 comments projected through a ban and a lift: seconds of work, several times that on
    // a busy machine. The test waits for it; it does not time it.
  }, 180_000);
});
