import { NotFoundError } from '../../../domain/shared/errors';
import {
  SPEC_NOW,
  useCase,
  type UseCaseWorld,
} from '../../../../test/support/use-case-specification';
import { accountServices, anAccount, registered } from '../../accounts/testing/account-world';
import { RateLimitedError } from '../../ports/rate-limiter.port';
import { ExportAccountHandler } from './export-account.handler';
import { ExportAccountQuery } from './export-account.query';

const ann = anAccount(1);
const bob = anAccount(2);

const exportHandler = (world: UseCaseWorld) => {
  const { writes, limiter } = accountServices(world);
  return new ExportAccountHandler(world.readStore, writes, limiter, { exportLimitPerHour: 2 });
};

describe('export an account', () => {
  const exportAccount = registered(useCase(exportHandler), ann, bob);

  it('given an account, when it downloads its data, then it gets the account, its history and sessions, and no secret', async () => {
    const { answer } = await exportAccount
      .when(new ExportAccountQuery(ann.userId, ann.sessionId))
      .outcome();
    expect(answer).toMatchObject({
      format: 'solescore-account-export',
      exportedAt: SPEC_NOW,
      account: { id: ann.userId, email: ann.email, emailVerified: false },
      sessions: [{ current: true }],
      posts: [],
    });
    expect(answer?.history.map((entry) => entry.type)).toEqual([
      'UserRegistered',
      'EmailVerificationIssued',
      'SessionStarted',
    ]);
    expect(JSON.stringify(answer)).not.toMatch(/argon2|tokenHash|passwordHash/);
  });

  describe('given an account that downloaded its data twice this hour', () => {
    const afterTwoDownloads = registered(
      useCase((world) => {
        const handler = exportHandler(world);
        return {
          execute: async (query: ExportAccountQuery) => {
            await handler.execute(new ExportAccountQuery(ann.userId, null));
            await handler.execute(new ExportAccountQuery(ann.userId, null));
            return handler.execute(query);
          },
        };
      }),
      ann,
      bob,
    );

    it('when it downloads again, then it is refused, saying when to come back', async () => {
      const refused = afterTwoDownloads.when(new ExportAccountQuery(ann.userId, null));
      await refused.thenThrows(RateLimitedError);
      await refused.thenThrows(
        RateLimitedError,
        /^You can download a copy of your data 2 times an hour\. Please try again in \d+ minutes?\.$/,
      );
    });

    it('when another account downloads its own, then it gets it: the allowance is per account', async () => {
      const { answer } = await afterTwoDownloads
        .when(new ExportAccountQuery(bob.userId, null))
        .outcome();
      expect(answer?.account.id).toBe(bob.userId);
    });
  });

  it('given an account, when it downloads its data, then the account’s own streams are read, never the whole log', () =>
    registered(
      useCase((world) => {
        const handler = exportHandler(world);
        return {
          execute: async (query: ExportAccountQuery) => {
            const readAll = jest.spyOn(world.eventStore, 'readAll');
            const readAllPages = jest.spyOn(world.eventStore, 'readAllPages');
            try {
              await handler.execute(query);
              return readAll.mock.calls.length + readAllPages.mock.calls.length;
            } finally {
              readAll.mockRestore();
              readAllPages.mockRestore();
            }
          },
        };
      }),
      ann,
    )
      .when(new ExportAccountQuery(ann.userId, null))
      .thenAnswers(0));

  it('given no account, when its data is asked, then it answers not found', () =>
    exportAccount.when(new ExportAccountQuery('no-such-user', null)).thenThrows(NotFoundError));
});
