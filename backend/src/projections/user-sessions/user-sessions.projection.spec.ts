import { accountTokensProjection } from '../account-tokens/account-tokens.projection';
import { adminSessionsProjection } from '../admin-sessions/admin-sessions.projection';
import { adminsProjection } from '../admins/admins.projection';
import { projectionSpecification, recorded } from '../testing/projection-specification';
import { userSessionsProjection } from './user-sessions.projection';

const tokenHash = 'b'.repeat(64);
const otherHash = 'c'.repeat(64);

const userSessions = projectionSpecification(userSessionsProjection);
const accountTokens = projectionSpecification(accountTokensProjection);
const admins = projectionSpecification(adminsProjection);
const adminSessions = projectionSpecification(adminSessionsProjection);

const started = (browser?: string) =>
  recorded('SessionStarted', {
    userId: 'u-1',
    sessionId: 's-1',
    tokenHash,
    expiresAt: '2026-04-01T09:00:00.000Z',
    ...(browser ? { browser } : {}),
  });

describe('user sessions projection', () => {
  it('given a started session, stores it under its token hash; given its end, deletes it', () => {
    expect(userSessionsProjection.documentId(started())).toBe(tokenHash);
    userSessions.given(started()).then({
      _id: tokenHash,
      sessionId: 's-1',
      userId: 'u-1',
      expiresAt: '2026-04-01T09:00:00.000Z',
      startedAt: '2026-03-02T09:00:00.000Z',
      browser: null,
    });
    userSessions.given(started('Safari on iOS')).thenMatches({ browser: 'Safari on iOS' });
    const ended = recorded('SessionEnded', {
      userId: 'u-1',
      sessionId: 's-1',
      tokenHash,
      reason: 'logout',
    });
    expect(userSessionsProjection.documentId(ended)).toBe(tokenHash);
    userSessions.given(started(), ended).thenGone();
  });

  it('given sessions expired by the sweep, deletes each of them', () => {
    const expired = recorded('SessionsExpired', {
      userId: 'u-1',
      tokenHashes: [tokenHash, otherHash],
    });
    expect(userSessionsProjection.documentId(expired)).toEqual([tokenHash, otherHash]);
    userSessions.given(started(), expired).thenGone();
  });
});

describe('account tokens projection', () => {
  const verification = recorded('EmailVerificationIssued', {
    userId: 'u-1',
    tokenHash,
    expiresAt: '2026-03-04T09:00:00.000Z',
  });

  it('given issued links, records which account and purpose each token hash belongs to', () => {
    accountTokens.given(verification).then({
      _id: tokenHash,
      userId: 'u-1',
      purpose: 'email-verification',
      expiresAt: '2026-03-04T09:00:00.000Z',
    });
    const reset = recorded('PasswordResetIssued', {
      userId: 'u-1',
      tokenHash: otherHash,
      expiresAt: '2026-03-02T10:00:00.000Z',
    });
    accountTokens.given(reset).thenMatches({ _id: otherHash, purpose: 'password-reset' });
  });

  it('given an erased account, deletes every link it was sent', () => {
    const erased = recorded('AccountErased', {
      userId: 'u-1',
      tokenHashes: [tokenHash, otherHash],
      archivedWeeks: [],
    });
    expect(accountTokensProjection.documentId(erased)).toEqual([tokenHash, otherHash]);
    accountTokens.given(verification, erased).thenGone();
  });

  it('given links forgotten past their time, deletes them', () => {
    const forgotten = recorded('ExpiredLinksForgotten', {
      userId: 'u-1',
      tokenHashes: [tokenHash],
    });
    expect(accountTokensProjection.documentId(forgotten)).toEqual([tokenHash]);
    accountTokens.given(verification, forgotten).thenGone();
  });
});

describe('admin projections', () => {
  const created = recorded('AdminCreated', {
    adminId: 'a-1',
    username: 'root',
    passwordHash: '$argon2id$x',
  });
  const signedIn = recorded('AdminSignedIn', {
    adminId: 'a-1',
    sessionId: 's-1',
    tokenHash,
    expiresAt: '2026-03-02T21:00:00.000Z',
  });

  it('given an admin and a sign-in, stores the admin, the last sign-in and the open session', () => {
    admins.given(created, signedIn).then({
      _id: 'a-1',
      username: 'root',
      createdAt: '2026-03-02T09:00:00.000Z',
      lastSignedInAt: '2026-03-02T09:00:00.000Z',
      status: 'active',
    });
    adminSessions.given(signedIn).thenMatches({ _id: tokenHash, adminId: 'a-1', sessionId: 's-1' });
    const signedOut = recorded('AdminSignedOut', { adminId: 'a-1', sessionId: 's-1', tokenHash });
    adminSessions.given(signedIn, signedOut).thenGone();
  });

  it('given admin sessions expired by the sweep, deletes them', () => {
    const expired = recorded('AdminSessionsExpired', { adminId: 'a-1', tokenHashes: [tokenHash] });
    expect(adminSessionsProjection.documentId(expired)).toEqual([tokenHash]);
    adminSessions.given(signedIn, expired).thenGone();
  });
});
