import { NotFoundError } from '../../../domain/shared/errors';
import { RateLimitedError } from '../../ports/rate-limiter.port';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { ExportAccountHandler } from './export-account.handler';
import { ExportAccountQuery } from './export-account.query';

describe('export an account', () => {
  let given: AccountUseCases;
  let handler: ExportAccountHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new ExportAccountHandler(given.readStore, given.writes, given.limiter, {
      exportLimitPerHour: 2,
    });
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

  it('refuses a download past the account’s hourly allowance, saying when to come back', async () => {
    const account = await given.register();
    const other = await given.register();
    await handler.execute(new ExportAccountQuery(account.userId, null));
    await handler.execute(new ExportAccountQuery(account.userId, null));
    const refused = handler.execute(new ExportAccountQuery(account.userId, null));
    await expect(refused).rejects.toThrow(RateLimitedError);
    await expect(refused).rejects.toThrow(
      /^You can download a copy of your data 2 times an hour\. Please try again in \d+ minutes?\.$/,
    );
    // Another account's allowance is its own.
    await expect(handler.execute(new ExportAccountQuery(other.userId, null))).resolves.toBeTruthy();
  });

  it('reads the account’s own streams, never the whole log', async () => {
    const account = await given.register();
    const readAll = jest.spyOn(given.writes.eventStore, 'readAll');
    const readAllPages = jest.spyOn(given.writes.eventStore, 'readAllPages');
    await handler.execute(new ExportAccountQuery(account.userId, null));
    expect(readAll).not.toHaveBeenCalled();
    expect(readAllPages).not.toHaveBeenCalled();
  });

  it('answers not found for an account that does not exist', async () => {
    await expect(handler.execute(new ExportAccountQuery('no-such-user', null))).rejects.toThrow(
      NotFoundError,
    );
  });
});
