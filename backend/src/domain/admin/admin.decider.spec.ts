import {
  IllegalStateError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
} from '../shared/errors';
import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import {
  ADMIN_CREDENTIALS_CHANGED,
  adminDecider,
  type AdminCommand,
  type AdminEvent,
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
  data: { sessionId, tokenHash: TOKEN_HASH, credentialVersion: 0 },
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
    const signedIn = () => [
      created,
      ...spec
        .given(created)
        .when({
          type: 'SignInAdmin',
          data: { sessionId: 's-1', tokenHash: TOKEN_HASH, credentialVersion: 0 },
          metadata: metadataAt(NOW),
        })
        .events(),
    ];
    const disable: AdminCommand = { type: 'DisableAdmin', data: { reason: 'Left the team' } };

    it('disables an admin the roster let go, ending its sessions, and then refuses to sign it in', () => {
      const disabled = spec.given(signedIn()).when(disable).events();
      expect(disabled).toEqual([
        {
          type: 'AdminDisabled',
          data: { adminId: 'a-1', reason: 'Left the team', tokenHashes: [TOKEN_HASH] },
        },
      ]);
      const history = spec.given(signedIn(), disabled);
      history
        .when({
          type: 'SignInAdmin',
          data: { sessionId: 's-2', tokenHash: TOKEN_HASH, credentialVersion: 0 },
          metadata: metadataAt(NOW),
        })
        .thenThrows(NotFoundError);
      // Carried out once: disabling it again (completing a roster decision) adds nothing.
      history.when(disable).thenNothing();
      spec.given().when(disable).thenThrows(NotFoundError);
    });

    it('restores a disabled admin with a new password (break-glass), ending any session', () => {
      const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3';
      const disabled = spec.given(created).when(disable).events();
      spec
        .given(created, disabled)
        .when({ type: 'RestoreAdmin', data: { passwordHash: NEW_HASH } })
        .then([
          {
            type: 'AdminRestored',
            data: { adminId: 'a-1', passwordHash: NEW_HASH, tokenHashes: [] },
          },
        ]);
      spec
        .given(...signedIn())
        .when({ type: 'RestoreAdmin', data: { passwordHash: NEW_HASH } })
        .then([
          {
            type: 'AdminRestored',
            data: { adminId: 'a-1', passwordHash: NEW_HASH, tokenHashes: [TOKEN_HASH] },
          },
        ]);
      const restored = spec
        .given(created, disabled)
        .when({ type: 'RestoreAdmin', data: { passwordHash: NEW_HASH } })
        .events();
      expect(spec.given(created, disabled, restored).state()).toMatchObject({
        status: 'active',
        passwordHash: NEW_HASH,
        sessions: [],
      });
      spec
        .given()
        .when({ type: 'RestoreAdmin', data: { passwordHash: NEW_HASH } })
        .thenThrows(NotFoundError);
      spec
        .given(created)
        .when({ type: 'RestoreAdmin', data: { passwordHash: 'plain' } })
        .thenThrows(ValidationError);
    });

    it('resets the password to a new hash and ends every session', () => {
      const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3';
      spec
        .given(signedIn())
        .when({ type: 'ResetAdminPassword', data: { passwordHash: NEW_HASH } })
        .then([
          {
            type: 'AdminPasswordReset',
            data: { adminId: 'a-1', passwordHash: NEW_HASH, tokenHashes: [TOKEN_HASH] },
          },
        ]);
      spec
        .given(created)
        .when({ type: 'ResetAdminPassword', data: { passwordHash: 'plain' } })
        .thenThrows(ValidationError);
      spec
        .given()
        .when({ type: 'ResetAdminPassword', data: { passwordHash: NEW_HASH } })
        .thenThrows(NotFoundError);
    });
  });
  describe('credential versions', () => {
    const NEW_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$bmV3';
    const OTHER_TOKEN = 'd'.repeat(64);
    const reset: AdminEvent = {
      type: 'AdminPasswordReset',
      data: { adminId: 'a-1', passwordHash: NEW_HASH, tokenHashes: [TOKEN_HASH] },
    };
    const secondSession: AdminEvent = {
      type: 'AdminSignedIn',
      data: {
        adminId: 'a-1',
        sessionId: 's-2',
        tokenHash: OTHER_TOKEN,
        expiresAt: '2026-03-02T21:00:00.000Z',
      },
    };

    it('refuses a sign-in that checked a password changed before the session started', () => {
      // The sign-in read the stream, checked the old password; the reset landed; then it decides.
      spec
        .given(created, reset)
        .when(signIn())
        .thenThrows(UnauthenticatedError, ADMIN_CREDENTIALS_CHANGED);
      spec
        .given(created, reset)
        .when({
          type: 'SignInAdmin',
          data: { sessionId: 's-1', tokenHash: TOKEN_HASH, credentialVersion: 1 },
          metadata: metadataAt(NOW),
        })
        .then([signedIn]);
    });

    it('counts a restore as a new password too', () => {
      const restored: AdminEvent = {
        type: 'AdminRestored',
        data: { adminId: 'a-1', passwordHash: NEW_HASH, tokenHashes: [] },
      };
      spec.given(created, restored).when(signIn()).thenThrows(UnauthenticatedError);
    });

    it('changes its own password keeping the session it is changed from, ending the others', () => {
      spec
        .given(created, signedIn, secondSession)
        .when({
          type: 'ResetAdminPassword',
          data: { passwordHash: NEW_HASH, ownChange: { sessionId: 's-1', credentialVersion: 0 } },
        })
        .then([
          {
            type: 'AdminPasswordReset',
            data: { adminId: 'a-1', passwordHash: NEW_HASH, tokenHashes: [OTHER_TOKEN] },
          },
        ]);
      const changed = spec
        .given(created, signedIn, secondSession)
        .when({
          type: 'ResetAdminPassword',
          data: { passwordHash: NEW_HASH, ownChange: { sessionId: 's-1', credentialVersion: 0 } },
        })
        .events();
      expect(spec.given(created, signedIn, secondSession, changed).state()).toMatchObject({
        credentialVersion: 1,
        sessions: [{ sessionId: 's-1', tokenHash: TOKEN_HASH }],
      });
    });

    it('refuses an own change whose current password was changed meanwhile', () => {
      spec
        .given(created, signedIn, reset)
        .when({
          type: 'ResetAdminPassword',
          data: { passwordHash: NEW_HASH, ownChange: { sessionId: 's-1', credentialVersion: 0 } },
        })
        .thenThrows(UnauthenticatedError, ADMIN_CREDENTIALS_CHANGED);
    });
  });
});
