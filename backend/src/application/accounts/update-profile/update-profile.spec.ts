import { ConflictError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { UpdateProfileCommand } from './update-profile.command';
import { UpdateProfileHandler } from './update-profile.handler';

describe('update the profile', () => {
  let given: AccountUseCases;
  let handler: UpdateProfileHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new UpdateProfileHandler(given.account);
  });
  afterEach(() => given.close());

  it('claims the display name and records the change', async () => {
    const account = await given.register();
    const user = await handler.execute(
      new UpdateProfileCommand(account.userId, { displayUsername: 'Arches', bio: 'Hi' }, 'c'),
    );
    expect(user).toMatchObject({ displayUsername: 'Arches', bio: 'Hi' });
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('ProfileUpdated');
  });

  it('refuses a display name another account shows, in any case', async () => {
    const first = await given.register();
    const second = await given.register();
    await handler.execute(
      new UpdateProfileCommand(first.userId, { displayUsername: 'Arches' }, 'c'),
    );
    await expect(
      handler.execute(new UpdateProfileCommand(second.userId, { displayUsername: 'ARCHES' }, 'c')),
    ).rejects.toThrow(ConflictError);
  });
});
