import type { Actor } from '../../domain/shared/event';
import { paymentHistory } from '../testing/payment-history';
import { projectionSpecification, recordedBy } from '../testing/projection-specification';
import { auditProjection } from './audit.projection';

const ADMIN: Actor = { type: 'admin', id: 'a-1' };
const USER: Actor = { type: 'user', id: 'u-2' };
const recorded = (type: string, data: unknown, actor: Actor = ADMIN) =>
  recordedBy(type, data, actor);

const spec = projectionSpecification(auditProjection);

describe('audit projection', () => {
  it('audits admin actions, not a member deleting their own comment, without secrets', () => {
    const events = [
      recorded('PostApproved', { postId: 'p-1', authorId: 'u-1' }),
      recorded('CommentDeleted', { commentId: 'c-1', userId: 'u-2' }, USER),
      recorded('CommentDeleted', { commentId: 'c-2', userId: 'u-2', reason: 'Insults' }),
      recorded('AdminPasswordReset', {
        adminId: 'a-2',
        passwordHash: '$argon2id$x',
        tokenHashes: [],
      }),
      recorded(
        'PostAutoHidden',
        { postId: 'p-1', reporterCount: 3 },
        { type: 'system', id: 'system' },
      ),
    ];
    const entries = [
      ...spec
        .given(...events)
        .documents()
        .values(),
    ];
    expect(
      entries.map((entry) => [entry.kind, entry.targetType, entry.targetId, entry.actorId]),
    ).toEqual([
      ['PostApproved', 'post', 'p-1', 'a-1'],
      ['CommentDeleted', 'comment', 'c-2', 'a-1'],
      ['AdminPasswordReset', 'admin', 'a-2', 'a-1'],
      ['PostAutoHidden', 'post', 'p-1', 'system'],
    ]);
    expect(entries[1].reason).toBe('Insults');
    expect(entries[2].changes).toEqual({ adminId: 'a-2' });
    // Positions order entries of the same millisecond.
    expect(entries[0].seq < entries[1].seq).toBe(true);
  });
});

describe('an audit entry and the request behind it', () => {
  it('keeps the correlation id of the event, the request id that its log lines carry', () => {
    const approved = recorded('PostApproved', { postId: 'p-1' });
    approved.metadata.correlationId = 'abc-123';
    const [entry] = [...spec.given(approved).documents().values()];
    expect(entry!.correlationId).toBe('abc-123');
  });
});

describe('payment facts in the audit log', () => {
  it('lists every payment fact once, with its amount, currency, actor and reason, and no receipt email', () => {
    const entries = [
      ...spec
        .given(...paymentHistory)
        .documents()
        .values(),
    ];
    expect(
      entries.map((e) => [
        e.kind,
        e.targetType,
        e.targetId,
        e.actorId,
        e.changes.amountCents ?? null,
        e.changes.currency ?? null,
        e.reason,
      ]),
    ).toEqual([
      ['BoostPurchased', 'boost', 'b-1', 'evt_1', 999, 'usd', null],
      ['DonationReceived', 'payment', 'pi_2', 'evt_2', 2500, 'usd', null],
      ['PaymentRefunded', 'payment', 'pi_1', 'evt_3', 300, 'usd', null],
      ['PaymentRefunded', 'payment', 'pi_1', 'evt_4', 699, 'usd', null],
      ['PaymentDisputed', 'payment', 'pi_2', 'evt_5', 2500, 'usd', 'fraudulent'],
      ['BoostPurchasesSuspended', 'user', 'u-1', 'evt_5', null, null, null],
      ['BoostPurchasesSuspensionKept', 'user', 'u-1', 'a-1', null, null, 'Bank confirms fraud'],
      ['BoostPurchasesReinstated', 'user', 'u-1', 'a-1', null, null, 'Dispute won'],
    ]);
    expect(entries[0].changes).not.toHaveProperty('receiptEmail');
    expect(entries[0].changes).toMatchObject({ boostType: 'mega', postId: 'p-1', userId: 'u-1' });
  });
});
