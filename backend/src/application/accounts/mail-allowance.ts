import { countInWindow, HOUR_MS } from '../shared/fixed-window';
import type { ReadStore } from '../ports/read-store.port';

/** Account mails (verification, reset) sent per account per clock hour on request. */
export const MAIL_ALLOWANCE_PER_HOUR = 5;

/**
 * Anyone can ask for a mail to any address, so a person's inbox is protected from being flooded:
 * past the allowance nothing is sent, and the answer stays the same.
 */
export async function withinMailAllowance(
  readStore: ReadStore,
  purpose: 'verification' | 'password-reset',
  userId: string,
  now: Date,
): Promise<boolean> {
  const { count } = await countInWindow(readStore, `mail:${purpose}:${userId}`, HOUR_MS, now);
  return count <= MAIL_ALLOWANCE_PER_HOUR;
}
