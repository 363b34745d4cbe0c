import { ConflictError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { COMMENTS } from '../../../projections/comments/comments.projection';
import { POSTS } from '../../../projections/posts/posts.projection';
import { USERS } from '../../../projections/users/users.projection';
import { accountStreams } from '../../accounts/account-secrets';
import { ADMIN, adminWorld, type AdminWorld, id, NOW } from '../testing/admin-world';
import { BanUserCommand } from './ban-user.command';
import { BanUserHandler } from './ban-user.handler';

describe('banning an account', () => {
  let world: AdminWorld;
  let handler: BanUserHandler;
  const user = id(2);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new BanUserHandler(world.writes);
    await world.registeredUser(user);
    await world.documents(USERS, { _id: user });
  });

  it('hides its live posts and comments with the ban, counted per post', async () => {
    await world.documents(
      POSTS,
      { _id: id(10), authorId: user, removed: false },
      { _id: id(11), authorId: user, removed: true },
    );
    await world.documents(
      COMMENTS,
      { _id: id(20), authorId: user, postId: id(30), hidden: false },
      { _id: id(21), authorId: user, postId: id(30), hidden: false },
    );
    await handler.execute(new BanUserCommand(ADMIN, user, 'Abuse'));
    const banned = (await world.stream(accountStreams.user(user))).find(
      (event) => event.type === 'UserBanned',
    );
    expect(banned?.data).toMatchObject({
      reason: 'Abuse',
      postIds: [id(10)],
      commentIds: [id(20), id(21)],
      commentsByPost: { [id(30)]: 2 },
    });
  });

  it('refuses an account already banned', async () => {
    await handler.execute(new BanUserCommand(ADMIN, user, 'Abuse'));
    await expect(handler.execute(new BanUserCommand(ADMIN, user, 'Again'))).rejects.toThrow(
      ConflictError,
    );
  });
});
