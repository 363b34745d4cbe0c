import type { ReadStore } from '../../infrastructure/read-store/read-store.port';

const HOUR_MS = 60 * 60 * 1000;
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
  const window = Math.floor(now.getTime() / HOUR_MS);
  const count = await readStore.increment(
    `mail:${purpose}:${userId}:${window}`,
    new Date((window + 1) * HOUR_MS),
  );
  return count <= MAIL_ALLOWANCE_PER_HOUR;
}
