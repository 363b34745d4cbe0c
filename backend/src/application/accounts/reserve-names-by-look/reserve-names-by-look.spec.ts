import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { systemEvent } from '../../../../test/support/system-event';
import { RESERVATION_TAKEN } from '../../../domain/reservation/reservation.decider';
import { NAMES_BY_LOOK_STREAM } from '../../../domain/reservation/names-by-look.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { AUDIT, type AuditDocument } from '../../../projections/audit/audit.projection';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import { reservationHolder } from '../../shared/reservations';
import { UpdateProfileCommand } from '../update-profile/update-profile.command';
import { UpdateProfileHandler } from '../update-profile/update-profile.handler';
import { ReserveNamesByLook } from './reserve-names-by-look';

const TAKEN = new ConflictError(RESERVATION_TAKEN['display-name']);

describe('display-name reservations moved to their look', () => {
  let given: AccountUseCases;
  let job: ReserveNamesByLook;
  let rename: (userId: string, displayUsername: string) => Promise<UserDocument>;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    job = new ReserveNamesByLook(given.readStore, given.writes, given.keys);
    const profiles = new UpdateProfileHandler(given.account);
    rename = (userId, displayUsername) =>
      profiles.execute(new UpdateProfileCommand(userId, { displayUsername }, 'c'));
  });
  afterEach(() => given.close());

  /**
   * Given: an account that set `name` before names were reserved by their look, as the log holds
   * it: the profile's change, and the claim on the stream of the name's lower case.
   */
  async function showsNameFromBefore(userId: string, name: string) {
    await given.eventStore.appendToStream(`user-${userId}`, [
      systemEvent('ProfileUpdated', {
        userId,
        displayUsername: name,
        bio: null,
        socialLinks: null,
      }),
    ]);
    const lowerCaseStream = `display-name-${given.keyedHasher.hash('display-name', name.toLowerCase())}`;
    await given.eventStore.appendToStream(lowerCaseStream, [
      systemEvent('ReservationClaimed', { ownerId: userId }),
    ]);
    await given.writes.settled(await given.eventStore.headPosition());
  }

  /** Given: accounts registered a minute apart, oldest first. */
  async function accounts(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push((await given.register()).userId);
      given.now = new Date(given.now.getTime() + 60_000);
    }
    return ids;
  }

  it('refuses a look-alike of a name shown before, once the pass has claimed its look', async () => {
    const [shower, other] = await accounts(2);
    await showsNameFromBefore(shower, 'Moon_Toes');

    await expect(job.run()).resolves.toEqual({
      skipped: false,
      accounts: 1,
      claimed: 1,
      lookAlikes: 0,
    });

    await expect(rename(other, 'rnoon.toes')).rejects.toThrow(TAKEN);
    await expect(rename(other, 'MOON-T0ES')).rejects.toThrow(TAKEN);
    await expect(rename(shower, 'MOON_TOES')).resolves.toMatchObject({
      displayUsername: 'MOON_TOES',
    });
  });

  it('changes nothing when it runs again, even as a full pass', async () => {
    const [older, younger] = await accounts(2);
    await showsNameFromBefore(older, 'Arches');
    await showsNameFromBefore(younger, 'ARCH.ES');
    await job.run();
    const head = await given.eventStore.headPosition();

    await expect(job.run()).resolves.toMatchObject({ skipped: true });
    await expect(job.run({ again: true })).resolves.toEqual({
      skipped: false,
      accounts: 2,
      claimed: 0,
      lookAlikes: 1,
    });

    expect(await given.eventStore.headPosition()).toBe(head);
  });

  it('skips the pass at a start once one has ended, and claims what is missing when run again', async () => {
    const [first, second, other] = await accounts(3);
    await showsNameFromBefore(first, 'Arches');
    await job.run();
    // A name set by a process of the old version after the pass (a rolling upgrade).
    await showsNameFromBefore(second, 'Heels');

    await expect(job.run()).resolves.toMatchObject({ skipped: true, claimed: 0 });
    await rename(other, 'HEELS');
    await rename(other, 'Someone');
    await expect(job.run({ again: true })).resolves.toMatchObject({ claimed: 1 });

    await expect(rename(other, 'HEELS')).rejects.toThrow(TAKEN);
  });

  it('gives a look shown by two accounts before to the older, keeps the younger’s name, and tells the admins', async () => {
    const [older, younger] = await accounts(2);
    // The younger set its name first: the age of the accounts decides, not the order in the log.
    await showsNameFromBefore(younger, 'T0es');
    await showsNameFromBefore(older, 'Toes');

    await expect(job.run()).resolves.toEqual({
      skipped: false,
      accounts: 2,
      claimed: 1,
      lookAlikes: 1,
    });

    const holder = await reservationHolder(given.eventStore, given.keys.displayNameStream('toes'));
    expect(holder?.ownerId).toBe(older);
    const shown = await given.readStore.findOne<UserDocument>(USERS, { _id: younger });
    expect(shown?.displayUsername).toBe('T0es');
    const recorded = await given.eventStore.readStream(NAMES_BY_LOOK_STREAM);
    expect(recorded.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'UserNameLookAlikeKept', data: { userId: younger, heldBy: older } },
      {
        type: 'DisplayNamesReservedByLook',
        data: { accounts: 2, claimed: 1, lookAlikes: 1 },
      },
    ]);
    await given.writes.settled(await given.eventStore.headPosition());
    const audit = await given.readStore.find<AuditDocument>(AUDIT, {
      kind: 'UserNameLookAlikeKept',
    });
    expect(audit).toEqual([
      expect.objectContaining({
        actorType: 'system',
        actorId: 'names-by-look',
        targetType: 'user',
        targetId: younger,
        changes: { userId: younger, heldBy: older },
      }),
    ]);
  });

  it('frees nothing of the older account’s name when the younger look-alike renames', async () => {
    const [older, younger, other] = await accounts(3);
    await showsNameFromBefore(older, 'Toes');
    await showsNameFromBefore(younger, 'TOES');
    await job.run();

    await expect(rename(younger, 'T0ES')).resolves.toMatchObject({ displayUsername: 'T0ES' });
    await rename(younger, 'Heels');

    await expect(rename(other, 'toes')).rejects.toThrow(TAKEN);
    // The younger cannot take the look back from the older either.
    await expect(rename(younger, 'Toes')).rejects.toThrow(TAKEN);
  });
});
