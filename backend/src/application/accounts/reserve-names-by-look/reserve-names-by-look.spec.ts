import { specKeyedHasher } from '../../../../test/support/account-adapters';
import {
  useCase,
  type UseCaseSpecification,
  type UseCaseWorld,
} from '../../../../test/support/use-case-specification';
import type { PassCounts } from '../../../domain/reservation/names-by-look.decider';
import { NAMES_BY_LOOK_STREAM } from '../../../domain/reservation/names-by-look.decider';
import { RESERVATION_TAKEN } from '../../../domain/reservation/reservation.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { AUDIT, type AuditDocument } from '../../../projections/audit/audit.projection';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
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
import { UpdateProfileCommand } from '../update-profile/update-profile.command';
import { UpdateProfileHandler } from '../update-profile/update-profile.handler';
import { ReserveNamesByLook } from './reserve-names-by-look';

const TAKEN = RESERVATION_TAKEN['display-name'];
/** Accounts registered a minute apart, oldest first. */
const [ann, bob, cat] = [1, 2, 3].map((n) =>
  anAccount(n, new Date(Date.parse('2026-03-01T09:00:00.000Z') + n * 60_000).toISOString()),
);
const look = (name: string) => accountKeys.displayNameStream(name);

type Spec<Command, Answer> = UseCaseSpecification<Command, Answer>;

/**
 * Given: an account that set `name` before names were reserved by their look, as the log holds
 * it: the profile's change, and the claim on the stream of the name's lower case.
 */
const showsNameFromBefore = <C, A>(spec: Spec<C, A>, account: GivenAccount, name: string) =>
  spec
    .given(userStreamOf(account), profileUpdated(account, name))
    .given(
      `display-name-${specKeyedHasher.hash('display-name', name.toLowerCase())}`,
      claimed(account.userId),
    );

/** What a pass records when it ends (the scenarios of a first pass check it records these). */
const passEnded = (counts: PassCounts) => ({ type: 'DisplayNamesReservedByLook', data: counts });
const lookAlikeKept = (younger: GivenAccount, older: GivenAccount) => ({
  type: 'UserNameLookAlikeKept',
  data: { userId: younger.userId, heldBy: older.userId },
});

const passHandler = (world: UseCaseWorld) => {
  const { writes } = accountServices(world);
  const job = new ReserveNamesByLook(world.readStore, writes, accountKeys);
  return { execute: (options: { again?: boolean }) => job.run(options) };
};
const pass = registered(useCase(passHandler), ann, bob, cat);
const renaming = registered(
  useCase((world) => new UpdateProfileHandler(accountServices(world).account)),
  ann,
  bob,
  cat,
);
const rename = (account: GivenAccount, displayUsername: string) =>
  new UpdateProfileCommand(account.userId, { displayUsername }, 'c');

describe('display-name reservations moved to their look', () => {
  describe('a name shown before', () => {
    it('given a name shown before, when the pass runs, then it claims the name’s look and records the pass', async () => {
      const ran = showsNameFromBefore(pass, ann, 'Moon_Toes').when({});
      await ran.thenAnswers({ skipped: false, accounts: 1, claimed: 1, lookAlikes: 0 });
      await ran.then(look('Moon_Toes'), [claimed(ann.userId)]);
      await ran.then(NAMES_BY_LOOK_STREAM, [passEnded({ accounts: 1, claimed: 1, lookAlikes: 0 })]);
    });

    const afterThePass = <C, A>(spec: Spec<C, A>) =>
      showsNameFromBefore(spec, ann, 'Moon_Toes')
        .given(look('Moon_Toes'), claimed(ann.userId))
        .given(NAMES_BY_LOOK_STREAM, passEnded({ accounts: 1, claimed: 1, lookAlikes: 0 }));

    it.each(['rnoon.toes', 'MOON-T0ES'])(
      'given the pass claimed the look of a name shown before, when another account takes %j, then it is refused',
      (lookalike) =>
        afterThePass(renaming).when(rename(bob, lookalike)).thenThrows(ConflictError, TAKEN),
    );

    it('given the pass claimed the look of a name shown before, when its owner changes its case, then it has it', async () => {
      const { answer } = await afterThePass(renaming).when(rename(ann, 'MOON_TOES')).outcome();
      expect(answer).toMatchObject({ displayUsername: 'MOON_TOES' });
    });
  });

  describe('a pass that ended', () => {
    const afterThePass = <C, A>(spec: Spec<C, A>) =>
      showsNameFromBefore(showsNameFromBefore(spec, ann, 'Arches'), bob, 'ARCH.ES')
        .given(look('Arches'), claimed(ann.userId))
        .given(
          NAMES_BY_LOOK_STREAM,
          lookAlikeKept(bob, ann),
          passEnded({ accounts: 2, claimed: 1, lookAlikes: 1 }),
        );

    it('given a pass that ended, when it runs at a start, then it is skipped, changing nothing', async () => {
      const ran = afterThePass(pass).when({});
      await ran.thenNothing();
      expect((await ran.outcome()).answer).toMatchObject({ skipped: true });
    });

    it('given a pass that ended, when it runs again as a full pass, then it counts the same and changes nothing', async () => {
      const ran = afterThePass(pass).when({ again: true });
      await ran.thenAnswers({ skipped: false, accounts: 2, claimed: 0, lookAlikes: 1 });
      await ran.thenNothing();
    });
  });

  describe('a name set by a process of the old version after the pass (a rolling upgrade)', () => {
    const afterThePass = <C, A>(spec: Spec<C, A>) =>
      showsNameFromBefore(showsNameFromBefore(spec, ann, 'Arches'), bob, 'Heels')
        .given(look('Arches'), claimed(ann.userId))
        .given(NAMES_BY_LOOK_STREAM, passEnded({ accounts: 1, claimed: 1, lookAlikes: 0 }));

    it('when the pass runs at a start, then it is skipped', async () => {
      const ran = afterThePass(pass).when({});
      await ran.thenNothing();
      expect((await ran.outcome()).answer).toMatchObject({ skipped: true, claimed: 0 });
    });

    it('when another account takes its look before the pass runs again, then it has it', async () => {
      const { answer } = await afterThePass(renaming).when(rename(cat, 'HEELS')).outcome();
      expect(answer).toMatchObject({ displayUsername: 'HEELS' });
    });

    const lookTakenAndFreed = <C, A>(spec: Spec<C, A>) =>
      afterThePass(spec)
        .given(userStreamOf(cat), profileUpdated(cat, 'HEELS'), profileUpdated(cat, 'Someone'))
        .given(look('Heels'), claimed(cat.userId), released(cat.userId))
        .given(look('Someone'), claimed(cat.userId));

    it('when the pass runs again, then it claims the look that is missing', async () => {
      const ran = lookTakenAndFreed(pass).when({ again: true });
      await ran.then(look('Heels'), [claimed(bob.userId)]);
      expect((await ran.outcome()).answer).toMatchObject({ claimed: 1 });
    });

    it('given the pass ran again, when another account takes the look, then it is refused', () =>
      lookTakenAndFreed(renaming)
        .given(look('Heels'), claimed(bob.userId))
        .when(rename(cat, 'HEELS'))
        .thenThrows(ConflictError, TAKEN));
  });

  describe('a look shown by two accounts before', () => {
    // The younger set its name first: the age of the accounts decides, not the order in the log.
    const shownByTwo = <C, A>(spec: Spec<C, A>, younger: string, older: string) =>
      showsNameFromBefore(showsNameFromBefore(spec, bob, younger), ann, older);

    it('when the pass runs, then the older holds the look, the younger keeps its name, and the admins are told', async () => {
      const ran = shownByTwo(
        registered(
          useCase((world) => {
            const job = passHandler(world);
            return {
              execute: async (options: { again?: boolean }) => {
                const counts = await job.execute(options);
                await world.progress.waitFor(await world.eventStore.headPosition());
                const audit = await world.readStore.find<AuditDocument>(AUDIT, {
                  kind: 'UserNameLookAlikeKept',
                });
                const younger = await world.readStore.findOne<UserDocument>(USERS, {
                  _id: bob.userId,
                });
                return { counts, audit, younger };
              },
            };
          }),
          ann,
          bob,
        ),
        'T0es',
        'Toes',
      ).when({});
      await ran.then(look('toes'), [claimed(ann.userId)]);
      await ran.then(userStreamOf(bob), []);
      await ran.then(NAMES_BY_LOOK_STREAM, [
        lookAlikeKept(bob, ann),
        passEnded({ accounts: 2, claimed: 1, lookAlikes: 1 }),
      ]);
      const { answer } = await ran.outcome();
      expect(answer?.counts).toEqual({ skipped: false, accounts: 2, claimed: 1, lookAlikes: 1 });
      expect(answer?.younger?.displayUsername).toBe('T0es');
      expect(answer?.audit).toEqual([
        expect.objectContaining({
          actorType: 'system',
          actorId: 'names-by-look',
          targetType: 'user',
          targetId: bob.userId,
          changes: { userId: bob.userId, heldBy: ann.userId },
        }),
      ]);
    });

    const afterThePass = <C, A>(spec: Spec<C, A>) =>
      shownByTwo(spec, 'TOES', 'Toes')
        .given(look('Toes'), claimed(ann.userId))
        .given(
          NAMES_BY_LOOK_STREAM,
          lookAlikeKept(bob, ann),
          passEnded({ accounts: 2, claimed: 1, lookAlikes: 1 }),
        );

    it('given the pass gave the look to the older, when the younger changes to a look-alike, then it has it and nothing of the look changes', async () => {
      const renamed = afterThePass(renaming).when(rename(bob, 'T0ES'));
      await renamed.then(look('Toes'), []);
      expect((await renamed.outcome()).answer).toMatchObject({ displayUsername: 'T0ES' });
    });

    it('given the pass gave the look to the older, when the younger renames, then the older’s look is not freed', async () => {
      const renamed = afterThePass(renaming)
        .given(userStreamOf(bob), profileUpdated(bob, 'T0ES'))
        .when(rename(bob, 'Heels'));
      await renamed.then(look('Heels'), [claimed(bob.userId)]);
      await renamed.then(look('Toes'), []);
    });

    const renamedAway = <C, A>(spec: Spec<C, A>) =>
      showing(
        afterThePass(spec).given(userStreamOf(bob), profileUpdated(bob, 'T0ES')),
        bob,
        'Heels',
      );

    it('given the younger renamed away, when a third account takes the look, then it is refused', () =>
      renamedAway(renaming).when(rename(cat, 'toes')).thenThrows(ConflictError, TAKEN));

    it('given the younger renamed away, when it takes the look back, then it is refused', () =>
      renamedAway(renaming).when(rename(bob, 'Toes')).thenThrows(ConflictError, TAKEN));
  });
});
