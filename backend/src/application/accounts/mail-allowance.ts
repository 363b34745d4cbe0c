import { HOUR_MS, type RateLimiter } from '../ports/rate-limiter.port';

/** Account mails (verification, reset, a sign-up with its address) sent per account per clock hour on request. */
export const MAIL_ALLOWANCE_PER_HOUR = 5;

/**
 * Anyone can ask for a mail to any address, so a person's inbox is protected from being flooded:
 * past the allowance nothing is sent, and the answer stays the same.
 */
export async function withinMailAllowance(
  limiter: RateLimiter,
  purpose: 'verification' | 'password-reset' | 'existing-account',
  userId: string,
): Promise<boolean> {
  const counted = await limiter.count([
    { key: `mail:${purpose}:${userId}`, limit: MAIL_ALLOWANCE_PER_HOUR, windowMs: HOUR_MS },
  ]);
  return counted.allowed;
}
