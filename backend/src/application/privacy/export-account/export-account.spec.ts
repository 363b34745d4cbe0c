import { NotFoundError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { ExportAccountHandler } from './export-account.handler';
import { ExportAccountQuery } from './export-account.query';

describe('export an account', () => {
  let given: AccountUseCases;
  let handler: ExportAccountHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new ExportAccountHandler(given.readStore, given.writes);
  });
  afterEach(() => given.close());

  it('answers the account, its history and sessions, and no secret', async () => {
    const account = await given.register();
    const { sessionId } = (await given.reads.userSession(account.sessionToken))!;
    const copy = await handler.execute(new ExportAccountQuery(account.userId, sessionId));
    expect(copy).toMatchObject({
      format: 'solescore-account-export',
      exportedAt: given.now.toISOString(),
      account: { id: account.userId, email: account.email, emailVerified: false },
      sessions: [{ current: true }],
      posts: [],
    });
    expect(copy.history.map((entry) => entry.type)).toEqual(await given.eventTypes(account.userId));
    expect(JSON.stringify(copy)).not.toMatch(/argon2|tokenHash|passwordHash/);
  });

  it('answers not found for an account that does not exist', async () => {
    await expect(handler.execute(new ExportAccountQuery('no-such-user', null))).rejects.toThrow(
      NotFoundError,
    );
  });
});
