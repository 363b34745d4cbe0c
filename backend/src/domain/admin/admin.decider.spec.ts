import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { deciderSpecification, metadataAt } from '../shared/testing/decider-specification';
import { adminDecider, type AdminCommand, type AdminEvent } from './admin.decider';

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
  data: { sessionId, tokenHash: TOKEN_HASH },
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
});
