import type { RecordedEvent } from '../../domain/shared/event';
import { accountTokensProjection } from '../account-tokens/account-tokens.projection';
import { adminSessionsProjection } from '../admin-sessions/admin-sessions.projection';
import { adminsProjection } from '../admins/admins.projection';
import { userSessionsProjection } from './user-sessions.projection';

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: 'e-1',
  streamId: 'user-u-1',
  revision: 0n,
  position: 7n,
  type,
  data,
  metadata: {
    actor: { type: 'user', id: 'u-1' },
    correlationId: 'c',
    causationId: 'c',
    at: '2026-03-02T09:00:00.000Z',
  },
  createdAt: new Date('2026-03-02T09:00:00.000Z'),
});

const tokenHash = 'b'.repeat(64);

describe('user sessions projection', () => {
  it('given a started session, stores it under its token hash; given its end, deletes it', () => {
    const started = recorded('SessionStarted', {
      userId: 'u-1',
      sessionId: 's-1',
      tokenHash,
      expiresAt: '2026-04-01T09:00:00.000Z',
    });
    expect(userSessionsProjection.documentId(started)).toBe(tokenHash);
    const doc = userSessionsProjection.apply(null, started);
    expect(doc).toEqual({
      _id: tokenHash,
      sessionId: 's-1',
      userId: 'u-1',
      expiresAt: '2026-04-01T09:00:00.000Z',
      startedAt: '2026-03-02T09:00:00.000Z',
      browser: null,
    });
    const named = recorded('SessionStarted', {
      userId: 'u-1',
      sessionId: 's-1',
      tokenHash,
      expiresAt: '2026-04-01T09:00:00.000Z',
      browser: 'Safari on iOS',
    });
    expect(userSessionsProjection.apply(null, named)?.browser).toBe('Safari on iOS');
    const ended = recorded('SessionEnded', {
      userId: 'u-1',
      sessionId: 's-1',
      tokenHash,
      reason: 'logout',
    });
    expect(userSessionsProjection.documentId(ended)).toBe(tokenHash);
    expect(userSessionsProjection.apply(doc, ended)).toBeNull();
  });
});

describe('account tokens projection', () => {
  it('given issued links, records which account and purpose each token hash belongs to', () => {
    const verification = recorded('EmailVerificationIssued', {
      userId: 'u-1',
      tokenHash,
      expiresAt: '2026-03-04T09:00:00.000Z',
    });
    expect(accountTokensProjection.apply(null, verification)).toEqual({
      _id: tokenHash,
      userId: 'u-1',
      purpose: 'email-verification',
      expiresAt: '2026-03-04T09:00:00.000Z',
    });
    const reset = recorded('PasswordResetIssued', {
      userId: 'u-1',
      tokenHash: 'c'.repeat(64),
      expiresAt: '2026-03-02T10:00:00.000Z',
    });
    expect(accountTokensProjection.apply(null, reset)).toMatchObject({
      _id: 'c'.repeat(64),
      purpose: 'password-reset',
    });
  });

  it('given an erased account, deletes every link it was sent', () => {
    const erased = recorded('AccountErased', {
      userId: 'u-1',
      tokenHashes: [tokenHash, 'c'.repeat(64)],
      archivedWeeks: [],
    });
    expect(accountTokensProjection.documentId(erased)).toEqual([tokenHash, 'c'.repeat(64)]);
    expect(
      accountTokensProjection.apply(
        { _id: tokenHash, userId: 'u-1', purpose: 'email-verification', expiresAt: 'x' },
        erased,
      ),
    ).toBeNull();
  });
});

describe('admin projections', () => {
  it('given an admin and a sign-in, stores the admin, the last sign-in and the open session', () => {
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
    const admin = adminsProjection.apply(adminsProjection.apply(null, created), signedIn);
    expect(admin).toEqual({
      _id: 'a-1',
      username: 'root',
      createdAt: '2026-03-02T09:00:00.000Z',
      lastSignedInAt: '2026-03-02T09:00:00.000Z',
      status: 'active',
    });
    const session = adminSessionsProjection.apply(null, signedIn);
    expect(session).toMatchObject({ _id: tokenHash, adminId: 'a-1', sessionId: 's-1' });
    const signedOut = recorded('AdminSignedOut', { adminId: 'a-1', sessionId: 's-1', tokenHash });
    expect(adminSessionsProjection.apply(session, signedOut)).toBeNull();
  });
});
