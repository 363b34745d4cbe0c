import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_KINDS, type AuditKind } from '../../domain/shared/audit-kinds';
import type { AuditDocument } from '../../projections/audit/audit.projection';
import type { AuditRow } from '../../application/moderation/list-audit/list-audit.query';
import { pageFields } from './admin-shared.view';

/** What an entry is about: every target type the audit projection records. */
const AUDIT_TARGET_TYPES = [
  'post',
  'comment',
  'report',
  'user',
  'admin',
  'boost',
  'payment',
  'cluster',
] as const satisfies readonly AuditDocument['targetType'][];

export class AuditEntryResponse {
  id!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ enum: ['admin', 'system', 'stripe', 'user', 'visitor'] }) actorType!: string;
  actorId!: string;
  /** The admin’s username, when the actor is an admin */
  actorName!: string;
  /** The event type */
  @ApiProperty({ enum: AUDIT_KINDS, enumName: 'AuditKind' })
  kind!: AuditKind;
  @ApiProperty({ enum: AUDIT_TARGET_TYPES }) targetType!: AuditDocument['targetType'];
  targetId!: string;
  reason!: string | null;
  /** What changed */
  @ApiProperty({ additionalProperties: true })
  changes!: Record<string, unknown>;
  /**
   * The correlation id of the event: for an action taken through the api, the id of its request
   * (X-Request-Id), which its log lines carry
   */
  correlationId!: string | null;
}

export function toAuditEntry({ entry, actorName }: AuditRow): AuditEntryResponse {
  return {
    id: entry._id,
    at: entry.at,
    actorType: entry.actorType,
    actorId: entry.actorId,
    actorName,
    kind: entry.kind,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason,
    changes: entry.changes,
    correlationId: entry.correlationId ?? null,
  };
}

export class AuditPage extends pageFields() {
  items!: AuditEntryResponse[];
}

const CSV_HEADER = [
  'at',
  'actorType',
  'actor',
  'kind',
  'targetType',
  'targetId',
  'reason',
  'changes',
  'correlationId',
];

/** The audit entries as a CSV file: a header row, CRLF line ends. */
export function auditCsv(entries: readonly AuditEntryResponse[]): string {
  const lines = [
    CSV_HEADER.join(','),
    ...entries.map((e) =>
      [
        e.at,
        e.actorType,
        e.actorName,
        e.kind,
        e.targetType,
        e.targetId,
        e.reason ?? '',
        JSON.stringify(e.changes),
        e.correlationId ?? '',
      ]
        .map(csvCell)
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 quoting, and a leading = + - @ neutralised so a spreadsheet never runs it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
