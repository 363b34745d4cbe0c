import { randomUUID } from 'node:crypto';
import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_COMMON } from '../../shared/password-guessability';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { RegisterUserCommand } from './register-user.command';

describe('register a user', () => {
  let given: AccountUseCases;
  beforeEach(async () => {
    given = await AccountUseCases.start();
  });
  afterEach(() => given.close());

  it('records the account with its verification link and first session, and mails the link', async () => {
    const { user, sessionToken } = await given.registerUser.execute(
      new RegisterUserCommand('New@Example.com', 'correct horse battery', randomUUID()),
    );
    expect(user).toMatchObject({ email: 'new@example.com', emailVerified: false });
    expect(await given.reads.userSession(sessionToken)).toMatchObject({ userId: user._id });
    expect(await given.eventTypes(user._id)).toEqual([
      'UserRegistered',
      'EmailVerificationIssued',
      'SessionStarted',
    ]);
    expect(given.mailedToken('new@example.com')).toHaveLength(43);
  });

  it('answers an email that already has an account like a new one, recording nothing and mailing its owner', async () => {
    const { email, userId } = await given.register();
    const events = await given.eventStore.readAll();
    const { user, sessionToken } = await given.registerUser.execute(
      new RegisterUserCommand(email.toUpperCase(), 'another pw 123', 'c'),
    );
    expect(user).toMatchObject({ email, emailVerified: false });
    expect(user._id).not.toBe(userId);
    expect(sessionToken).toHaveLength(43);
    expect(await given.reads.userSession(sessionToken)).toBeNull();
    expect(await given.eventStore.readAll()).toHaveLength(events.length);
    expect(given.sent.at(-1)).toMatchObject({
      to: email,
      subject: 'You already have a SoleScore account',
    });
  });

  it('refuses a common password or one of spaces only before anything is recorded', async () => {
    for (const [password, message] of [
      ['password', PASSWORD_TOO_COMMON],
      ['12345678', PASSWORD_TOO_COMMON],
      ['        ', PASSWORD_ONLY_SPACES],
      ['common.person@example.com', PASSWORD_TOO_COMMON],
    ]) {
      await expect(
        given.registerUser.execute(
          new RegisterUserCommand('common.person@example.com', password, 'c'),
        ),
      ).rejects.toThrow(message);
    }
    expect(await given.eventStore.readAll()).toEqual([]);
    expect(given.sent).toEqual([]);
  });

  it('records keyed marks of its network and browser, never the values, and the sign-up on the network’s stream', async () => {
    const origin = { network: '198.51.100.0/24', browser: 'a'.repeat(43) };
    const { user } = await given.registerUser.execute(
      new RegisterUserCommand('marked@example.com', 'correct horse battery', 'c', null, origin),
    );
    const events = await given.eventStore.readStream(`user-${user._id}`);
    const session = events.find((event) => event.type === 'SessionStarted');
    const { networkMark, browserMark } = session?.data as Record<string, string>;
    expect(networkMark).toMatch(/^[0-9a-f]{32}$/);
    expect(browserMark).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain('198.51.100');
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain(origin.browser);
    const network = await given.eventStore.readStream(`network-${networkMark}`);
    expect(network.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'AccountRegisteredOnNetwork',
        data: { networkId: networkMark, userId: user._id, registeredAt: expect.any(String) },
      },
    ]);
  });
});
