import { fold } from '../shared/decider';
import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import {
  ADMIN_ALREADY_DISABLED,
  adminDecider as decider,
  type AdminCommand,
  type AdminEvent,
  CANNOT_DISABLE_SELF,
  LAST_ADMIN,
} from './admin.decider';

const NOW = new Date('2026-03-02T09:00:00.000Z');
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const TOKEN_HASH = 'c'.repeat(64);

const given = (...events: AdminEvent[]) => fold(decider, events);
const create: AdminCommand = {
  type: 'CreateAdmin',
  data: { adminId: 'a-1', username: 'root_admin', passwordHash: PASSWORD_HASH },
};
const created = () => decider.decide(create, given());

describe('admin decider', () => {
  it('creates an admin with a hashed password', () => {
    expect(created()).toEqual([
      {
        type: 'AdminCreated',
        data: { adminId: 'a-1', username: 'root_admin', passwordHash: PASSWORD_HASH },
      },
    ]);
  });

  it('refuses to create the same admin twice, a bad username or a plain password', () => {
    expect(() => decider.decide(create, given(...created()))).toThrow(IllegalStateError);
    expect(() =>
      decider.decide({ ...create, data: { ...create.data, username: 'a b' } }, given()),
    ).toThrow(ValidationError);
    expect(() =>
      decider.decide({ ...create, data: { ...create.data, passwordHash: 'secret' } }, given()),
    ).toThrow('A password must arrive hashed');
  });

  it('records a sign-in with a 12-hour session, then its sign-out', () => {
    const signedIn = decider.decide(
      { type: 'SignInAdmin', data: { sessionId: 's-1', tokenHash: TOKEN_HASH, now: NOW } },
      given(...created()),
    );
    expect(signedIn).toEqual([
      {
        type: 'AdminSignedIn',
        data: {
          adminId: 'a-1',
          sessionId: 's-1',
          tokenHash: TOKEN_HASH,
          expiresAt: '2026-03-02T21:00:00.000Z',
        },
      },
    ]);
    const signedOut = decider.decide(
      { type: 'SignOutAdmin', data: { sessionId: 's-1' } },
      given(...created(), ...signedIn),
    );
    expect(signedOut).toEqual([
      { type: 'AdminSignedOut', data: { adminId: 'a-1', sessionId: 's-1', tokenHash: TOKEN_HASH } },
    ]);
    expect(
      decider.decide(
        { type: 'SignOutAdmin', data: { sessionId: 's-1' } },
        given(...created(), ...signedIn, ...signedOut),
      ),
    ).toEqual([]);
  });

  it('refuses a sign-in for an admin that does not exist', () => {
    expect(() =>
      decider.decide(
        { type: 'SignInAdmin', data: { sessionId: 's-1', tokenHash: TOKEN_HASH, now: NOW } },
        given(),
      ),
    ).toThrow(NotFoundError);
  });

  describe('managing admins', () => {
    const signedIn = () => {
      const history = created();
      return [
        ...history,
        ...decider.decide(
          { type: 'SignInAdmin', data: { sessionId: 's-1', tokenHash: TOKEN_HASH, now: NOW } },
          given(...history),
        ),
      ];
    };
    const disable = (actingAdminId = 'a-2', activeAdminCount = 2): AdminCommand => ({
      type: 'DisableAdmin',
      data: { actingAdminId, activeAdminCount, reason: 'Left the team' },
    });

    it('disables another admin, ending its sessions, and then refuses to sign it in', () => {
      const disabled = decider.decide(disable(), given(...signedIn()));
      expect(disabled).toEqual([
        {
          type: 'AdminDisabled',
          data: { adminId: 'a-1', reason: 'Left the team', tokenHashes: [TOKEN_HASH] },
        },
      ]);
      const history = given(...signedIn(), ...disabled);
      expect(() =>
        decider.decide(
          { type: 'SignInAdmin', data: { sessionId: 's-2', tokenHash: TOKEN_HASH, now: NOW } },
          history,
        ),
      ).toThrow(NotFoundError);
      expect(() => decider.decide(disable(), history)).toThrow(ADMIN_ALREADY_DISABLED);
    });

    it('never disables oneself or the last active admin', () => {
      expect(() => decider.decide(disable('a-1'), given(...created()))).toThrow(ForbiddenError);
      expect(() => decider.decide(disable('a-1'), given(...created()))).toThrow(
        CANNOT_DISABLE_SELF,
      );
      // The last one is refused as the last, whoever asks.
      expect(() => decider.decide(disable('a-1', 1), given(...created()))).toThrow(LAST_ADMIN);
      expect(() => decider.decide(disable('a-2', 1), given(...created()))).toThrow(ConflictError);
      expect(() => decider.decide(disable('a-2', 1), given(...created()))).toThrow(LAST_ADMIN);
    });

    it('resets the password to a new hash and ends every session', () => {
      const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3';
      const reset = decider.decide(
        { type: 'ResetAdminPassword', data: { passwordHash: NEW_HASH } },
        given(...signedIn()),
      );
      expect(reset).toEqual([
        {
          type: 'AdminPasswordReset',
          data: { adminId: 'a-1', passwordHash: NEW_HASH, tokenHashes: [TOKEN_HASH] },
        },
      ]);
      expect(() =>
        decider.decide(
          { type: 'ResetAdminPassword', data: { passwordHash: 'plain' } },
          given(...created()),
        ),
      ).toThrow(ValidationError);
      expect(() =>
        decider.decide({ type: 'ResetAdminPassword', data: { passwordHash: NEW_HASH } }, given()),
      ).toThrow(NotFoundError);
    });
  });
});
