import { ConflictError, ValidationError } from '../../../domain/shared/errors';
import { RESERVATION_TAKEN } from '../../../domain/reservation/reservation.decider';
import { PROFILE_REFUSALS } from '../../../domain/user/profile-screening';
import type { ProfileChanges } from '../../../domain/user/user-profile';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import {
  accountKeys,
  accountServices,
  anAccount,
  claimed,
  profileUpdated,
  registered,
  released,
  showing,
  userStreamOf,
  type GivenAccount,
} from '../testing/account-world';
import { UpdateProfileCommand } from './update-profile.command';
import { UpdateProfileHandler } from './update-profile.handler';

const ann = anAccount(1);
const bob = anAccount(2);
const TAKEN = RESERVATION_TAKEN['display-name'];
const DAY = 24 * 60 * 60 * 1000;

const updateProfile = () =>
  registered(
    useCase((world) => new UpdateProfileHandler(accountServices(world).account)),
    ann,
    bob,
  );
const daysLater = (days: number) => new Date(Date.parse(SPEC_NOW) + days * DAY);
const update = (account: GivenAccount, changes: ProfileChanges) =>
  new UpdateProfileCommand(account.userId, changes, 'c');
const rename = (account: GivenAccount, displayUsername: string) =>
  update(account, { displayUsername });

describe('update the profile', () => {
  it('given an account, when it sets a display name, then it claims the name’s look and records the change', async () => {
    const updated = updateProfile().when(update(ann, { displayUsername: 'Arches', bio: 'Hi' }));
    await updated.then(accountKeys.displayNameStream('Arches'), [claimed(ann.userId)]);
    await updated.then(userStreamOf(ann), [
      {
        type: 'ProfileUpdated',
        data: { userId: ann.userId, displayUsername: 'Arches', bio: 'Hi', socialLinks: null },
      },
    ]);
    expect((await updated.outcome()).answer).toMatchObject({
      displayUsername: 'Arches',
      bio: 'Hi',
    });
  });

  it('given a display name another account shows, when an account takes it in another case, then it is refused', () =>
    showing(updateProfile(), ann, 'Arches')
      .when(rename(bob, 'ARCHES'))
      .thenThrows(ConflictError, TAKEN));

  it.each([
    ['a digit for a letter', 'Toes_Fan', 'T0es_Fan'],
    ['rn for m', 'Moon_Toes', 'rnoon.toes'],
    ['0 for o and 1 for l', 'Lola_Toes', '1o1a_T0es'],
    ['full-width letters', 'Arches', '\uff21\uff52\uff43\uff48\uff45\uff53'],
  ])(
    'given a display name another account shows, when an account takes a look-alike of it (%s), then it is refused',
    async (_case, taken, lookalike) => {
      const refused = showing(updateProfile(), ann, taken).when(rename(bob, lookalike));
      await refused.thenThrows(ConflictError, TAKEN);
      expect((await refused.outcome()).appended).toEqual([]);
    },
  );

  it('given an account showing a name, when it changes to a look-alike of it, then it keeps the look it holds', async () => {
    const renamed = showing(updateProfile(), ann, 'Arches').when(rename(ann, 'ARCH_ES'));
    await renamed.then(userStreamOf(ann), [
      {
        type: 'ProfileUpdated',
        data: { userId: ann.userId, displayUsername: 'ARCH_ES', bio: null, socialLinks: null },
      },
    ]);
    await renamed.then(accountKeys.displayNameStream('Arches'), []);
  });

  it('given an account that changed its name to a look-alike of itself, when another takes the look, then it is refused', () =>
    showing(updateProfile(), ann, 'Arches')
      .given(userStreamOf(ann), profileUpdated(ann, 'ARCH_ES'))
      .when(rename(bob, 'arches'))
      .thenThrows(ConflictError, TAKEN));

  it('given an account showing a name, when it changes to another look, then it claims the new look and frees the old', async () => {
    const renamed = showing(updateProfile(), ann, 'Arches').when(rename(ann, 'Soles'));
    await renamed.then(accountKeys.displayNameStream('Soles'), [claimed(ann.userId)]);
    await renamed.then(accountKeys.displayNameStream('Arches'), [released(ann.userId)]);
  });

  it('given a look its owner freed by a rename, when another account takes it, then it has it', () =>
    showing(updateProfile(), ann, 'Arches')
      .given(accountKeys.displayNameStream('Arches'), released(ann.userId))
      .given(accountKeys.displayNameStream('Soles'), claimed(ann.userId))
      .given(userStreamOf(ann), profileUpdated(ann, 'Soles'))
      .when(rename(bob, 'arches'))
      .then(accountKeys.displayNameStream('arches'), [claimed(bob.userId)]));

  it('given an account, when another takes a name that looks like its anonymous username, then it is refused', () => {
    const lookalike = ann.anonymousUsername.replace(/0/g, 'O').replace(/1/g, 'l').toLowerCase();
    return updateProfile().when(rename(bob, lookalike)).thenThrows(ConflictError, TAKEN);
  });

  it('given accounts, when one takes an offensive name, then it is refused before any claim, for anyone', async () => {
    const refused = updateProfile().when(rename(ann, 'sh1t_head'));
    await refused.thenThrows(ValidationError, PROFILE_REFUSALS.offensiveName);
    expect((await refused.outcome()).appended).toEqual([]);
    await updateProfile()
      .when(rename(bob, 'sh1t_head'))
      .thenThrows(ValidationError, PROFILE_REFUSALS.offensiveName);
  });

  it('given an account younger than 7 days, when its bio holds a link, then it is refused', async () => {
    const bio = 'More at myfeet\u3002com';
    const refused = updateProfile().at(daysLater(6)).when(update(ann, { bio }));
    await refused.thenThrows(ValidationError, PROFILE_REFUSALS.linkBio);
    expect((await refused.outcome()).appended).toEqual([]);
  });

  it('given an account older than 7 days, when its bio holds a link, then it is let through', async () => {
    const bio = 'More at myfeet\u3002com';
    const { answer } = await updateProfile().at(daysLater(8)).when(update(ann, { bio })).outcome();
    expect(answer?.bio).toBe(bio);
  });
});
