import { fold } from '../shared/decider';
import {
  ConflictError,
  CredentialChangedError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import {
  ADMIN_ALREADY_DISABLED,
  adminDecider,
  adminDecider as decider,
  type AdminCommand,
  type AdminEvent,
  CANNOT_DISABLE_SELF,
  LAST_ADMIN,
} from './admin.decider';

const NOW = new Date('2026-03-02T09:00:00.000Z');
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const TOKEN_HASH = 'c'.repeat(64);

const spec = deciderSpecification(adminDecider);
const create: AdminCommand = {
  type: 'CreateAdmin',
  data: { adminId: 'a-1', username: 'root_admin', passwordHash: PASSWORD_HASH },
};
const signIn = (sessionId = 's-1', now = NOW): AdminCommand => ({
  type: 'SignInAdmin',
  data: { sessionId, tokenHash: TOKEN_HASH, verifiedPasswordHash: PASSWORD_HASH },
  metadata: metadataAt(now),
});
const created: AdminEvent = {
  type: 'AdminCreated',
  data: { adminId: 'a-1', username: 'root_admin', passwordHash: PASSWORD_HASH },
};
const signedIn: AdminEvent = {
  type: 'AdminSignedIn',
  data: {
    adminId: 'a-1',
    sessionId: 's-1',
    tokenHash: TOKEN_HASH,
    expiresAt: '2026-03-02T21:00:00.000Z',
  },
};
const signedOut: AdminEvent = {
  type: 'AdminSignedOut',
  data: { adminId: 'a-1', sessionId: 's-1', tokenHash: TOKEN_HASH },
};

describe('admin decider', () => {
  it('creates an admin with a hashed password', () => {
    spec.given().when(create).then([created]);
  });

  it('refuses to create the same admin twice, a bad username or a plain password', () => {
    spec.given(created).when(create).thenThrows(IllegalStateError);
    spec
      .given()
      .when({ ...create, data: { ...create.data, username: 'a b' } })
      .thenThrows(ValidationError);
    spec
      .given()
      .when({ ...create, data: { ...create.data, passwordHash: 'secret' } })
      .thenThrows(ValidationError, 'A password must arrive hashed');
  });

  it('records a sign-in with a 12-hour session, then its sign-out', () => {
    spec.given(created).when(signIn()).then([signedIn]);
    const signOut: AdminCommand = { type: 'SignOutAdmin', data: { sessionId: 's-1' } };
    spec.given(created, signedIn).when(signOut).then([signedOut]);
    spec.given(created, signedIn, signedOut).when(signOut).thenNothing();
  });

  it('refuses a sign-in for an admin that does not exist', () => {
    spec.given().when(signIn()).thenThrows(NotFoundError);
  });
  it('ends the sessions past their 12 hours in the hourly sweep, once', () => {
    const sweep = (now: Date): AdminCommand => ({
      type: 'ExpireAdminSessions',
      data: {},
      metadata: metadataAt(now),
    });
    spec
      .given(created, signedIn)
      .when(sweep(new Date('2026-03-02T20:59:59.999Z')))
      .thenNothing();
    const expired: AdminEvent = {
      type: 'AdminSessionsExpired',
      data: { adminId: 'a-1', tokenHashes: [TOKEN_HASH] },
    };
    spec
      .given(created, signedIn)
      .when(sweep(new Date('2026-03-02T21:00:00.000Z')))
      .then([expired]);
    spec
      .given(created, signedIn, expired)
      .when(sweep(new Date('2026-03-03T09:00:00.000Z')))
      .thenNothing();
    spec
      .given(created, signedIn, expired)
      .when({ type: 'SignOutAdmin', data: { sessionId: 's-1' } })
      .thenNothing();
  });

  describe('managing admins', () => {
    const given = (...events: AdminEvent[]) => fold(decider, events);
    const signedIn = () => {
      const history = [created];
      return [
        ...history,
        ...decider.decide(
          {
            type: 'SignInAdmin',
            data: { sessionId: 's-1', tokenHash: TOKEN_HASH, verifiedPasswordHash: PASSWORD_HASH },
            metadata: metadataAt(NOW),
          },
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
          {
            type: 'SignInAdmin',
            data: { sessionId: 's-2', tokenHash: TOKEN_HASH, verifiedPasswordHash: PASSWORD_HASH },
            metadata: metadataAt(NOW),
          },
          history,
        ),
      ).toThrow(NotFoundError);
      expect(() => decider.decide(disable(), history)).toThrow(ADMIN_ALREADY_DISABLED);
    });

    it('never disables oneself or the last active admin', () => {
      expect(() => decider.decide(disable('a-1'), given(created))).toThrow(ForbiddenError);
      expect(() => decider.decide(disable('a-1'), given(created))).toThrow(CANNOT_DISABLE_SELF);
      // The last one is refused as the last, whoever asks.
      expect(() => decider.decide(disable('a-1', 1), given(created))).toThrow(LAST_ADMIN);
      expect(() => decider.decide(disable('a-2', 1), given(created))).toThrow(ConflictError);
      expect(() => decider.decide(disable('a-2', 1), given(created))).toThrow(LAST_ADMIN);
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
          given(created),
        ),
      ).toThrow(ValidationError);
      expect(() =>
        decider.decide({ type: 'ResetAdminPassword', data: { passwordHash: NEW_HASH } }, given()),
      ).toThrow(NotFoundError);
    });

    it('refuses a sign-in that checked the password a reset has replaced meanwhile', () => {
      const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3';
      const history = [
        ...signedIn(),
        ...decider.decide(
          { type: 'ResetAdminPassword', data: { passwordHash: NEW_HASH } },
          given(...signedIn()),
        ),
      ];
      const signInChecking = (verifiedPasswordHash: string): AdminCommand => ({
        type: 'SignInAdmin',
        data: { sessionId: 's-2', tokenHash: TOKEN_HASH, verifiedPasswordHash },
        metadata: metadataAt(NOW),
      });
      spec
        .given(...history)
        .when(signInChecking(PASSWORD_HASH))
        .thenThrows(CredentialChangedError);
      expect(decider.decide(signInChecking(NEW_HASH), given(...history))).toMatchObject([
        { type: 'AdminSignedIn', data: { sessionId: 's-2' } },
      ]);
    });
  });
});
