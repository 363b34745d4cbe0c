import type { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { RegisterUserCommand } from '../../accounts/register-user/register-user.command';
import type { ErasureLedger, ErasureLedgerEntry } from '../../ports/erasure-ledger.port';
import type { ImageStorage } from '../../ports/image-storage.port';
import type { PersonalDataKeys } from '../../ports/personal-data-keys.port';
import type { UnpublishedUploads } from '../../rate-photo/discard-unpublished-uploads/unpublished-uploads';
import { EraseAccountCommand } from './erase-account.command';
import { EraseAccountHandler, ERASE_PASSWORD_INCORRECT } from './erase-account.handler';

class InMemoryErasureLedger implements ErasureLedger {
  readonly recorded: ErasureLedgerEntry[] = [];
  async record(entry: ErasureLedgerEntry) {
    this.recorded.push(entry);
  }
  async entries() {
    return this.recorded;
  }
}

describe('erase an account', () => {
  let given: AccountUseCases;
  let destroyedKeys: string[];
  let handler: EraseAccountHandler;
  let ledger: InMemoryErasureLedger;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    destroyedKeys = [];
    const keys = { destroy: async (userId: string) => void destroyedKeys.push(userId) };
    // An account without posts, comments, pictures or uploads: nothing to delete elsewhere.
    const uploads = { discardUploadsOf: async () => {} };
    ledger = new InMemoryErasureLedger();
    handler = new EraseAccountHandler(
      given.readStore,
      given.writes,
      given.hasher,
      {} as ImageStorage,
      keys as unknown as PersonalDataKeys,
      null,
      given.revocations,
      {} as CommandBus,
      given.keys,
      uploads as unknown as UnpublishedUploads,
      ledger,
    );
  });
  afterEach(() => given.close());

  it('records the erasure, ends the sessions, destroys the key and frees the email', async () => {
    const account = await given.register();
    await handler.execute(new EraseAccountCommand(account.userId, account.password, 'c'));
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('AccountErased');
    expect(await given.reads.userSession(account.sessionToken)).toBeNull();
    expect(destroyedKeys).toEqual([account.userId]);
    expect(ledger.recorded).toEqual([
      { userId: account.userId, at: expect.any(String), position: expect.stringMatching(/^\d+$/) },
    ]);
    await given.registerUser.execute(
      new RegisterUserCommand(account.email, 'a new account 1', randomUUID()),
    );
  });

  it('never asks the log for its head: it waits for the account as decided on, then for its own writes', async () => {
    const account = await given.register();
    const events = given.writes.eventStore;
    const decidedOn = (await events.readStream(`user-${account.userId}`)).at(-1)!.position;
    const headAsked = jest.spyOn(events, 'headPosition');
    const waited: (bigint | null)[] = [];
    const settled = given.writes.settled.bind(given.writes);
    jest.spyOn(given.writes, 'settled').mockImplementation((position, timeoutMs) => {
      waited.push(position);
      return settled(position, timeoutMs);
    });

    await handler.execute(new EraseAccountCommand(account.userId, account.password, 'c'));

    const erased = (await events.readStream(`user-${account.userId}`)).at(-1)!;
    expect(erased.type).toBe('AccountErased');
    expect(headAsked).not.toHaveBeenCalled();
    expect(waited).toEqual([decidedOn, erased.position, erased.position]);
    expect(ledger.recorded[0].position).toBe(decidedOn.toString());
  });

  it('refuses a wrong password, recording nothing', async () => {
    const account = await given.register();
    const before = await given.eventTypes(account.userId);
    await expect(
      handler.execute(new EraseAccountCommand(account.userId, 'not the password', 'c')),
    ).rejects.toThrow(ERASE_PASSWORD_INCORRECT);
    expect(await given.eventTypes(account.userId)).toEqual(before);
    expect(destroyedKeys).toEqual([]);
    expect(ledger.recorded).toEqual([]);
  });

  it('erases again an account whose names no longer read (its key destroyed after the backup)', async () => {
    const account = await given.register();
    const events = given.writes.eventStore;
    const readStream = events.readStream.bind(events);
    jest.spyOn(events, 'readStream').mockImplementation(async (streamId, options) =>
      (await readStream(streamId, options)).map((event) =>
        event.type === 'UserRegistered'
          ? {
              ...event,
              data: { ...(event.data as object), email: null, anonymousUsername: null },
            }
          : event,
      ),
    );
    expect(await handler.eraseAgain(account.userId, 'restore')).toBe(true);
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('AccountErased');
    expect(destroyedKeys).toEqual([account.userId]);
  });

  it('erases again from the ledger without the password, and does nothing twice', async () => {
    const account = await given.register();
    expect(await handler.eraseAgain(account.userId, 'restore')).toBe(true);
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('AccountErased');
    expect(destroyedKeys).toEqual([account.userId]);
    expect(await handler.eraseAgain(account.userId, 'restore')).toBe(false);
    expect(await handler.eraseAgain('no-such-account', 'restore')).toBe(false);
    // Applied from the ledger, it is not recorded in it a second time.
    expect(ledger.recorded).toEqual([]);
  });
});
