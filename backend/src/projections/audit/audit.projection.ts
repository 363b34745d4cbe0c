import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';
import {
  ADMIN_ACTION_KINDS,
  AUDIT_KINDS,
  type AuditKind,
  PAYMENT_KINDS,
} from '../../domain/shared/audit-kinds';

export const AUDIT = 'audit';

/**
 * The audit trail: one entry per admin action and per payment event, straight from the log, so a
 * rebuild reproduces it exactly. Names (the admin's username) are joined at read time.
 */
export interface AuditDocument extends ReadDocument {
  /** When it happened (the event's `at`). */
  at: string;
  /** Position in the log, zero-padded: orders entries of the same millisecond. */
  seq: string;
  actorType: string;
  actorId: string;
  /** The event type: `PostApproved`, `UserBanned`, `BoostPurchased`... */
  kind: AuditKind;
  targetType: 'post' | 'comment' | 'report' | 'user' | 'admin' | 'boost' | 'payment' | 'cluster';
  targetId: string;
  reason: string | null;
  /** What changed, as plain fields (no secrets: password hashes and token hashes left out). */
  changes: Record<string, unknown>;
  /**
   * The event's correlation id: for an action taken through the api, the id of its request
   * (`X-Request-Id`), which that request's log lines carry.
   */
  correlationId: string | null;
}

const PAYMENT = new Set<string>(PAYMENT_KINDS);
/** Kinds only an admin can cause: an entry whatever the metadata says. */
const ALWAYS = new Set<string>(
  ADMIN_ACTION_KINDS.filter((kind) => kind !== 'CommentDeleted' && kind !== 'AdminCreated'),
);
/** Never copied: secrets, and the receipt email (personal data, sealed on its event). */
const SECRET_FIELDS = new Set([
  'passwordHash',
  'tokenHash',
  'tokenHashes',
  'sessionId',
  'receiptEmail',
]);

export const AUDIT_SORT = { at: -1, seq: -1 } as const;

/**
 * The cents a payment fact moves, or null when it moves none: the amount paid for a purchase or
 * a donation, the amount disputed, and for a refund the cents it adds (`amount`; an older
 * `PaymentRefunded` without it carries its first total in `amountRefunded`).
 */
export function amountCents(type: string, data: unknown): number | null {
  const record = (data ?? {}) as Record<string, unknown>;
  const cents = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.round(value)) : null;
  switch (type) {
    case 'BoostPurchased':
    case 'DonationReceived':
    case 'PaymentDisputed':
      return cents(record.amount);
    case 'PaymentRefunded':
      return cents(record.amount) ?? cents(record.amountRefunded);
    default:
      return null;
  }
}

export function isAudited(event: Pick<RecordedEvent, 'type' | 'metadata'>): boolean {
  if (ALWAYS.has(event.type) || PAYMENT.has(event.type)) return true;
  // An author deleting their own comment, or the first admin created from the config, is not an
  // admin action; an admin doing it is.
  return (
    (event.type === 'CommentDeleted' || event.type === 'AdminCreated') &&
    event.metadata?.actor?.type === 'admin'
  );
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function target(event: RecordedEvent): Pick<AuditDocument, 'targetType' | 'targetId'> {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const first = (...keys: string[]) => keys.map((key) => str(data[key])).find(Boolean) ?? '';
  switch (event.type) {
    case 'BoostPurchased':
      return { targetType: 'boost', targetId: first('boostId') };
    case 'DonationReceived':
    case 'PaymentRefunded':
    case 'PaymentDisputed':
      return { targetType: 'payment', targetId: first('stripePaymentId', 'stripeSessionId') };
    case 'BoostPurchasesSuspended':
    case 'BoostPurchasesReinstated':
    case 'BoostPurchasesSuspensionKept':
    case 'PostingSuspended':
    case 'PostingSuspensionLifted':
      return { targetType: 'user', targetId: first('userId') };
    case 'ReportReviewed':
      return { targetType: 'report', targetId: first('reportId') };
    case 'CommentDeleted':
      return { targetType: 'comment', targetId: first('commentId') };
    case 'ClusterCleared':
      return { targetType: 'cluster', targetId: first('clusterId') };
  }
  if (event.type.startsWith('Post')) return { targetType: 'post', targetId: first('postId') };
  if (event.type.startsWith('User')) return { targetType: 'user', targetId: first('userId') };
  return { targetType: 'admin', targetId: first('adminId') };
}

function changes(event: RecordedEvent): Record<string, unknown> {
  const data = (event.data ?? {}) as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (SECRET_FIELDS.has(key) || key === 'reason') continue;
    kept[key] = value;
  }
  if (PAYMENT.has(event.type)) {
    const cents = amountCents(event.type, data);
    if (cents !== null) kept.amountCents = cents;
  }
  return kept;
}

export const auditProjection: Projection<AuditDocument> = {
  collection: AUDIT,
  handles: AUDIT_KINDS,
  indexes: [
    { keys: AUDIT_SORT },
    { keys: { actorId: 1, ...AUDIT_SORT } },
    { keys: { kind: 1, ...AUDIT_SORT } },
    { keys: { targetId: 1, ...AUDIT_SORT } },
  ],

  documentId(event) {
    return isAudited(event) ? event.id : null;
  },

  apply(existing, event) {
    if (existing) return existing;
    const data = (event.data ?? {}) as Record<string, unknown>;
    return {
      _id: event.id,
      at: event.metadata.at,
      seq: event.position.toString().padStart(20, '0'),
      actorType: event.metadata.actor?.type ?? 'system',
      actorId: event.metadata.actor?.id ?? 'system',
      // `documentId` keeps only the kinds the trail lists.
      kind: event.type as AuditKind,
      ...target(event),
      reason: str(data.reason) ?? str(data.note),
      changes: changes(event),
      correlationId: str(event.metadata.correlationId),
    };
  },
};
