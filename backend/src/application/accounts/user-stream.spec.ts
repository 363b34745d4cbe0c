import { AccountUseCases } from '../../../test/support/account-use-cases';
import { accountStreams } from './account-secrets';

describe('the account stream collaborator', () => {
  let given: AccountUseCases;
  beforeEach(async () => {
    given = await AccountUseCases.start();
  });
  afterEach(() => given.close());

  it('given an account registered at a time, when its registration time is asked later, then it is that time', async () => {
    const registeredAt = given.now.toISOString();
    const account = await given.register();
    given.now = new Date(given.now.getTime() + 3 * 24 * 60 * 60 * 1000);
    expect(await given.account.registeredAt(account.userId)).toBe(registeredAt);
  });

  it('given no account, when its registration time is asked, then it is empty', async () => {
    expect(await given.account.registeredAt('no-such-user')).toBe('');
  });

  it('given an account, when its stream’s events are asked, then they come oldest first as recorded', async () => {
    const account = await given.register();
    const stream = accountStreams.user(account.userId);
    const events = await given.writes.streamEvents(stream);
    expect(events).toEqual(await given.eventStore.readStream(stream));
    expect(events[0]?.type).toBe('UserRegistered');
    expect(await given.writes.streamEvents(stream, { maxCount: 1 })).toEqual([events[0]]);
  });
});
