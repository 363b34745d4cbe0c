import { specKeyedHasher } from '../../../../test/support/account-adapters';
import { SPEC_NOW, useCase } from '../../../../test/support/use-case-specification';
import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_COMMON } from '../../shared/password-guessability';
import {
  accountKeys,
  accountServices,
  anAccount,
  claimed,
  Mailbox,
  PASSWORD,
  registered,
} from '../testing/account-world';
import { ClusterLikes } from '../../community/cluster-likes';
import { RegisterUserCommand } from './register-user.command';
import { RegisterUserHandler } from './register-user.handler';

const ann = anAccount(1);
let mailbox: Mailbox;
beforeEach(() => {
  mailbox = new Mailbox();
});

/** Registers, then reads the session the answer's token opens. */
const register = useCase((world) => {
  const { writes, hasher, mail, config, reads, keys, limiter } = accountServices(world, mailbox);
  const handler = new RegisterUserHandler(
    writes,
    hasher,
    mail,
    config,
    reads,
    keys,
    specKeyedHasher,
    limiter,
    new ClusterLikes(writes, world.readStore),
  );
  return {
    execute: async (command: RegisterUserCommand) => {
      const signedIn = await handler.execute(command);
      return { ...signedIn, session: await reads.userSession(signedIn.sessionToken) };
    },
  };
});

describe('register a user', () => {
  it('given a new address, when it registers, then the account is recorded as itself with its verification link and first session, and the link is mailed', async () => {
    const { answer, appended } = await register
      .when(new RegisterUserCommand('New@Example.com', PASSWORD, 'c-1'))
      .outcome();
    const userId = answer!.user._id;
    expect(answer?.user).toMatchObject({ email: 'new@example.com', emailVerified: false });
    expect(answer?.session).toMatchObject({ userId });
    expect(appended.map(({ streamId, type }) => [streamId, type])).toEqual([
      [accountKeys.emailStream('new@example.com'), 'ReservationClaimed'],
      [expect.stringMatching(/^username-/), 'ReservationClaimed'],
      [`user-${userId}`, 'UserRegistered'],
      [`user-${userId}`, 'EmailVerificationIssued'],
      [`user-${userId}`, 'SessionStarted'],
    ]);
    for (const { metadata } of appended) {
      expect(metadata).toEqual({
        actor: { type: 'user', id: userId },
        correlationId: 'c-1',
        causationId: 'c-1',
        at: SPEC_NOW,
      });
    }
    expect(mailbox.tokenTo('new@example.com')).toHaveLength(43);
  });

  it('given an address that already has an account, when it registers, then an account is made as for a new one but the owner keeps the address, and is mailed instead of a link', async () => {
    const { answer, appended } = await registered(register, ann)
      .when(new RegisterUserCommand(ann.email.toUpperCase(), 'another pw 123', 'c'))
      .outcome();
    const userId = answer!.user._id;
    expect(userId).not.toBe(ann.userId);
    expect(answer?.user).toMatchObject({ email: ann.email, emailVerified: false });
    // A session like a new account's: the next requests answer as they would for one.
    expect(answer?.session).toMatchObject({ userId });
    expect(appended.map(({ streamId, type }) => [streamId, type])).toEqual([
      [expect.stringMatching(/^username-/), 'ReservationClaimed'],
      [`user-${userId}`, 'UserRegistered'],
      [`user-${userId}`, 'EmailVerificationIssued'],
      [`user-${userId}`, 'SessionStarted'],
    ]);
    // The address stays its owner's, and its link is never mailed: the account never proves it.
    expect(mailbox.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [ann.email, 'You already have a SoleScore account'],
    ]);
  });

  it('given an address claimed long ago by a registration that never wrote its account, when it registers, then the claim is released by the registration and claimed again', async () => {
    const emailStream = accountKeys.emailStream('late@example.com');
    const registering = register
      .given(emailStream, { ...claimed('ghost'), metadata: { at: '2026-03-02T08:00:00.000Z' } })
      .when(new RegisterUserCommand('late@example.com', PASSWORD, 'c-2'));
    await registering.then(emailStream, [
      {
        type: 'ReservationReleased',
        data: { ownerId: 'ghost' },
        metadata: { actor: { type: 'system', id: 'registration' }, correlationId: 'c-2' },
      },
      {
        type: 'ReservationClaimed',
        data: { ownerId: expect.any(String) },
        metadata: { actor: { type: 'user', id: expect.any(String) }, correlationId: 'c-2' },
      },
    ]);
    const { answer } = await registering.outcome();
    expect(answer?.session).toMatchObject({ userId: answer?.user._id });
  });

  it('given a common password or one of spaces only, when it registers, then it is refused before anything is recorded or mailed', async () => {
    for (const [password, message] of [
      ['password', PASSWORD_TOO_COMMON],
      ['12345678', PASSWORD_TOO_COMMON],
      ['        ', PASSWORD_ONLY_SPACES],
      ['common.person@example.com', PASSWORD_TOO_COMMON],
    ]) {
      const refused = register.when(
        new RegisterUserCommand('common.person@example.com', password, 'c'),
      );
      await refused.thenThrows(Error, message);
      expect((await refused.outcome()).appended).toEqual([]);
    }
    expect(mailbox.sent).toEqual([]);
  });

  it('given a sign-up from a network and browser, when it registers, then keyed marks of them are recorded, never the values, and the sign-up on the network’s stream', async () => {
    const origin = { network: '198.51.100.0/24', browser: 'a'.repeat(43) };
    const { answer, appended } = await register
      .when(new RegisterUserCommand('marked@example.com', PASSWORD, 'c', null, origin))
      .outcome();
    const userId = answer!.user._id;
    const session = appended.find((event) => event.type === 'SessionStarted');
    const { networkMark, browserMark } = session?.data as Record<string, string>;
    expect(networkMark).toMatch(/^[0-9a-f]{32}$/);
    expect(browserMark).toMatch(/^[0-9a-f]{32}$/);
    const recorded = JSON.stringify(appended.map((event) => event.data));
    expect(recorded).not.toContain('198.51.100');
    expect(recorded).not.toContain(origin.browser);
    const network = appended.filter((event) => event.streamId === `network-${networkMark}`);
    expect(
      network.map(({ type, data, metadata }) => ({ type, data, actor: metadata.actor })),
    ).toEqual([
      {
        type: 'AccountRegisteredOnNetwork',
        data: { networkId: networkMark, userId, registeredAt: SPEC_NOW },
        actor: { type: 'user', id: userId },
      },
    ]);
  });
});
