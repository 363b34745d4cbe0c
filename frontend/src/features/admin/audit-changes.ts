/**
 * An audit entry's changes as readable lines ("Public: yes → no", "Amount: $9.99"), instead of
 * its raw JSON. Events record the new value; where an action flips a flag (a post shown or
 * hidden, approved, an admin flag), the old value is the other one. Ids that name the entry's
 * target again are left out.
 */
export interface ChangeLine {
  field: string;
  from?: string;
  to: string;
}

/** The flag an action flips: its field and how it reads. */
const FLIPS: Record<string, { field: string; label: string }> = {
  PostVisibilityChanged: { field: 'isPublic', label: 'Public' },
  UserAdminFlagChanged: { field: 'isAdmin', label: 'Admin' },
};

const LABELS: Record<string, string> = {
  amountCents: 'Amount',
  boostType: 'Boost',
  authorId: 'Author',
  stripePaymentId: 'Payment',
  stripeSessionId: 'Checkout',
  stripeDisputeId: 'Dispute',
};

/** "autoHidden" → "Auto hidden". */
function labelOf(field: string): string {
  if (LABELS[field]) return LABELS[field];
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueOf(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'amountCents' && typeof value === 'number') return `$${(value / 100).toFixed(2)}`;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export function changeLines(
  kind: string,
  changes: Record<string, unknown>,
  targetId: string,
): ChangeLine[] {
  const lines: ChangeLine[] = [];
  if (kind === 'PostApproved') lines.push({ field: 'Review', from: 'pending', to: 'approved' });
  const flip = FLIPS[kind];
  for (const [field, value] of Object.entries(changes)) {
    if (value === targetId) continue;
    // The amount in cents says it better than the provider's own amount fields.
    if ((field === 'amount' || field === 'amountRefunded') && 'amountCents' in changes) continue;
    if (flip?.field === field && typeof value === 'boolean') {
      lines.push({ field: flip.label, from: valueOf(field, !value), to: valueOf(field, value) });
      continue;
    }
    lines.push({ field: labelOf(field), to: valueOf(field, value) });
  }
  return lines;
}
