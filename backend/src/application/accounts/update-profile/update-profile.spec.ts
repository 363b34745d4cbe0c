import { ConflictError, ValidationError } from '../../../domain/shared/errors';
import { RESERVATION_TAKEN } from '../../../domain/reservation/reservation.decider';
import { PROFILE_REFUSALS } from '../../../domain/user/profile-screening';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
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

  it.each([
    ['a digit for a letter', 'Toes_Fan', 'T0es_Fan'],
    ['rn for m', 'Moon_Toes', 'rnoon.toes'],
    ['0 for o and 1 for l', 'Lola_Toes', '1o1a_T0es'],
    ['full-width letters', 'Arches', '\uff21\uff52\uff43\uff48\uff45\uff53'],
  ])(
    'refuses a look-alike of a display name another account shows (%s)',
    async (_case, taken, lookalike) => {
      const first = await given.register();
      const second = await given.register();
      await handler.execute(
        new UpdateProfileCommand(first.userId, { displayUsername: taken }, 'c'),
      );
      await expect(
        handler.execute(
          new UpdateProfileCommand(second.userId, { displayUsername: lookalike }, 'c'),
        ),
      ).rejects.toThrow(new ConflictError(RESERVATION_TAKEN['display-name']));
    },
  );

  it('lets the owner change their name to a look-alike of itself, and frees it for others after', async () => {
    const first = await given.register();
    const second = await given.register();
    await handler.execute(
      new UpdateProfileCommand(first.userId, { displayUsername: 'Arches' }, 'c'),
    );
    await handler.execute(
      new UpdateProfileCommand(first.userId, { displayUsername: 'ARCH_ES' }, 'c'),
    );
    await expect(
      handler.execute(new UpdateProfileCommand(second.userId, { displayUsername: 'arches' }, 'c')),
    ).rejects.toThrow(ConflictError);
    await handler.execute(
      new UpdateProfileCommand(first.userId, { displayUsername: 'Soles' }, 'c'),
    );
    const renamed = await handler.execute(
      new UpdateProfileCommand(second.userId, { displayUsername: 'arches' }, 'c'),
    );
    expect(renamed.displayUsername).toBe('arches');
  });

  it('refuses a display name that looks like another account’s anonymous username', async () => {
    const first = await given.register();
    const second = await given.register();
    const user = await given.readStore.findOne<UserDocument>(USERS, { _id: first.userId });
    const lookalike = user!.anonymousUsername.replace(/0/g, 'O').replace(/1/g, 'l').toLowerCase();
    await expect(
      handler.execute(new UpdateProfileCommand(second.userId, { displayUsername: lookalike }, 'c')),
    ).rejects.toThrow(new ConflictError(RESERVATION_TAKEN['display-name']));
  });

  it('refuses an offensive name and claims nothing with it', async () => {
    const first = await given.register();
    const second = await given.register();
    await expect(
      handler.execute(
        new UpdateProfileCommand(first.userId, { displayUsername: 'sh1t_head' }, 'c'),
      ),
    ).rejects.toThrow(new ValidationError(PROFILE_REFUSALS.offensiveName));
    expect((await given.eventTypes(first.userId)).at(-1)).not.toBe('ProfileUpdated');
    // Refused before the claim: the name is free for anyone a word list would let have it.
    await expect(
      handler.execute(
        new UpdateProfileCommand(second.userId, { displayUsername: 'sh1t_head' }, 'c'),
      ),
    ).rejects.toThrow(ValidationError);
  });

  it('refuses a link in the bio for the first 7 days of an account, then lets it through', async () => {
    const account = await given.register();
    const bio = 'More at myfeet\u3002com';
    await expect(
      handler.execute(new UpdateProfileCommand(account.userId, { bio }, 'c')),
    ).rejects.toThrow(new ValidationError(PROFILE_REFUSALS.linkBio));
    given.now = new Date(given.now.getTime() + 8 * 24 * 60 * 60 * 1000);
    const user = await handler.execute(new UpdateProfileCommand(account.userId, { bio }, 'c'));
    expect(user.bio).toBe(bio);
  });
});
