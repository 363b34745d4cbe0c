import type { CommandBus } from '@nestjs/cqrs';
import type { RecordedEvent } from '../../../domain/shared/event';
import {
  SPEC_NOW,
  useCase,
  type UseCaseWorld,
} from '../../../../test/support/use-case-specification';
import {
  accountKeys,
  accountServices,
  anAccount,
  registered,
  registration,
  released,
  sessionEnded,
  thenReading,
  tokenHash,
  userStreamOf,
} from '../../accounts/testing/account-world';
import type { ErasureLedger, ErasureLedgerEntry } from '../../ports/erasure-ledger.port';
import type { ImageStorage } from '../../ports/image-storage.port';
import type { PersonalDataKeys } from '../../ports/personal-data-keys.port';
import type { UnpublishedUploads } from '../../rate-photo/discard-unpublished-uploads/unpublished-uploads';
import { EraseAccountCommand } from './erase-account.command';
import {
  EraseAccountHandler,
  ERASE_PASSWORD_INCORRECT,
  WrongErasePasswordError,
} from './erase-account.handler';

class InMemoryErasureLedger implements ErasureLedger {
  readonly recorded: ErasureLedgerEntry[] = [];
  async record(entry: ErasureLedgerEntry) {
    this.recorded.push(entry);
  }
  async entries() {
    return this.recorded;
  }
}

const ann = anAccount(1);
const annErased = [
  sessionEnded(ann, 'account-erased'),
  {
    type: 'AccountErased',
    data: {
      userId: ann.userId,
      tokenHashes: [tokenHash(ann.verificationToken)],
      archivedWeeks: [],
    },
  },
];

describe('erase an account', () => {
  let destroyedKeys: string[];
  let ledger: InMemoryErasureLedger;
  beforeEach(() => {
    destroyedKeys = [];
    ledger = new InMemoryErasureLedger();
  });

  /** An account without posts, comments, pictures or uploads: nothing to delete elsewhere. */
  const eraseHandler = (world: UseCaseWorld, services = accountServices(world)) => {
    const { writes, hasher, revocations } = services;
    const keys = { destroy: async (userId: string) => void destroyedKeys.push(userId) };
    const uploads = { discardUploadsOf: async () => {} };
    return new EraseAccountHandler(
      world.readStore,
      writes,
      hasher,
      {} as ImageStorage,
      keys as unknown as PersonalDataKeys,
      null,
      revocations,
      {} as CommandBus,
      accountKeys,
      uploads as unknown as UnpublishedUploads,
      ledger,
    );
  };
  const eraseAccount = registered(
    useCase((world) =>
      thenReading(eraseHandler(world), () =>
        accountServices(world).reads.userSession(ann.sessionToken),
      ),
    ),
    ann,
  );
  const eraseAgain = () =>
    useCase<string, boolean>((world) => ({
      execute: (userId) => eraseHandler(world).eraseAgain(userId, 'restore'),
    }));

  it('given an account, when it is erased with its password, then the erasure is recorded, its sessions end, its key is destroyed and its names are freed', async () => {
    const erased = eraseAccount.when(new EraseAccountCommand(ann.userId, ann.password, 'c'));
    await erased.then(userStreamOf(ann), annErased);
    await erased.then(accountKeys.emailStream(ann.email), [released(ann.userId)]);
    await erased.then(accountKeys.usernameStream(ann.anonymousUsername), [released(ann.userId)]);
    expect((await erased.outcome()).answer?.after).toBeNull();
    expect(destroyedKeys).toEqual([ann.userId]);
    expect(ledger.recorded).toEqual([
      { userId: ann.userId, at: SPEC_NOW, position: expect.stringMatching(/^\d+$/) as string },
    ]);
  });

  it('given an account, when it is erased, then the log’s head is never asked: it waits for the account as decided on, then for its own writes', async () => {
    let decidedOn: bigint | undefined;
    let headAsked = 0;
    const waited: (bigint | null)[] = [];
    const watched = useCase((world) => {
      const services = accountServices(world);
      const handler = eraseHandler(world, services);
      return {
        execute: async (command: EraseAccountCommand) => {
          decidedOn = (await world.eventStore.readStream(userStreamOf(ann))).at(-1)?.position;
          const head = jest.spyOn(world.eventStore, 'headPosition');
          const settled = services.writes.settled.bind(services.writes);
          const wait = jest
            .spyOn(services.writes, 'settled')
            .mockImplementation((position, timeoutMs) => {
              waited.push(position);
              return settled(position, timeoutMs);
            });
          try {
            return await handler.execute(command);
          } finally {
            headAsked = head.mock.calls.length;
            head.mockRestore();
            wait.mockRestore();
          }
        },
      };
    });
    const ran = registered(watched, ann).when(
      new EraseAccountCommand(ann.userId, ann.password, 'c'),
    );
    await ran.then(userStreamOf(ann), annErased);
    const { appended } = await ran.outcome();
    const erased = appended.find((event: RecordedEvent) => event.type === 'AccountErased')!;
    expect(headAsked).toBe(0);
    expect(waited).toEqual([decidedOn, erased.position, erased.position]);
    expect(ledger.recorded[0].position).toBe(decidedOn?.toString());
  });

  it('given an account, when it is erased with a wrong password, then it is refused, recording nothing', async () => {
    const refused = eraseAccount.when(new EraseAccountCommand(ann.userId, 'not the password', 'c'));
    await refused.thenThrows(WrongErasePasswordError, ERASE_PASSWORD_INCORRECT);
    expect((await refused.outcome()).appended).toEqual([]);
    expect(destroyedKeys).toEqual([]);
    expect(ledger.recorded).toEqual([]);
  });

  it('given an account whose names no longer read (its key destroyed after the backup), when it is erased again, then it is erased and its names stay reserved', async () => {
    const unreadable = registration(ann).reduce(
      (given, { streamId, events }) =>
        given.given(
          streamId,
          ...events.map((event) =>
            event.type === 'UserRegistered'
              ? {
                  ...event,
                  data: { ...(event.data as object), email: null, anonymousUsername: null },
                }
              : event,
          ),
        ),
      eraseAgain(),
    );
    const erased = unreadable.when(ann.userId);
    await erased.thenAnswers(true);
    await erased.then(userStreamOf(ann), annErased);
    await erased.then(accountKeys.emailStream(ann.email), []);
    expect(destroyedKeys).toEqual([ann.userId]);
  });

  it('given an account, when it is erased again from the ledger, then it is erased without its password and not recorded in the ledger again', async () => {
    const erased = registered(eraseAgain(), ann).when(ann.userId);
    await erased.thenAnswers(true);
    await erased.then(userStreamOf(ann), annErased);
    expect(destroyedKeys).toEqual([ann.userId]);
    expect(ledger.recorded).toEqual([]);
  });

  it('given an erased account, when it is erased again, then nothing is done twice', async () => {
    const again = registered(eraseAgain(), ann)
      .given(userStreamOf(ann), ...annErased)
      .when(ann.userId);
    await again.thenAnswers(false);
    await again.thenNothing();
    expect(destroyedKeys).toEqual([]);
  });

  it('given no account, when it is erased again, then nothing is done', async () => {
    const again = eraseAgain().when('no-such-account');
    await again.thenAnswers(false);
    await again.thenNothing();
  });
});
