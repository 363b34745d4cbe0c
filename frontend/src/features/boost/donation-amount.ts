/** Spec §9 donation presets, in dollars. */
export const DONATION_PRESETS = [5, 10, 20, 50, 100] as const;

export const MIN_DONATION_DOLLARS = 1;
export const MAX_DONATION_DOLLARS = 1000;

export type DonationAmount = { ok: true; cents: number } | { ok: false };

/**
 * Spec §5: a custom amount is a number from $1 to $1,000 (step 0.01), sent in cents, rounded.
 * Anything else ('', 'abc', 0.5, 1000.01) is refused.
 */
export function parseDonationAmount(input: string): DonationAmount {
  const text = input.trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(text)) return { ok: false };
  const dollars = Number(text);
  if (!Number.isFinite(dollars)) return { ok: false };
  if (dollars < MIN_DONATION_DOLLARS || dollars > MAX_DONATION_DOLLARS) return { ok: false };
  // toFixed first: 1.005 * 100 is 100.49999999999999 in binary floating point, yet 100.5 cents.
  return { ok: true, cents: Math.round(Number((dollars * 100).toFixed(6))) };
}

/** "$5", "$12.50", "$1,000". */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
