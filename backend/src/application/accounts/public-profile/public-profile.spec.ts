import { NotFoundError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { GetPublicProfileHandler } from './public-profile.handler';
import { GetPublicProfileQuery } from './public-profile.query';

describe('a public profile', () => {
  let given: AccountUseCases;
  let handler: GetPublicProfileHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new GetPublicProfileHandler(given.reads);
  });
  afterEach(() => given.close());

  it('shows what anyone may see of an account, never its email', async () => {
    const account = await given.register();
    const { user } = await handler.execute(new GetPublicProfileQuery(account.userId));
    expect(user).toMatchObject({ id: account.userId, displayUsername: null, bio: null });
    expect(JSON.stringify(user)).not.toContain(account.email);
  });

  it('answers not found for an id that is no account', async () => {
    await expect(handler.execute(new GetPublicProfileQuery('not-an-id'))).rejects.toThrow(
      NotFoundError,
    );
  });
});
