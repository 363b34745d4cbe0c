import { DISMISSAL_MEMORY_MS, type Reporter, reporterStanding } from './report-standing';

const NOW = new Date('2026-11-18T12:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;
const MIN_AGE_MS = 72 * HOUR_MS;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

const inGoodStanding: Reporter = {
  emailVerified: true,
  registeredAt: ago(MIN_AGE_MS),
  clusterHeld: false,
  lastDismissedAt: null,
};
const standing = (patch: Partial<Reporter>) =>
  reporterStanding({ ...inGoodStanding, ...patch }, NOW, MIN_AGE_MS);

describe('a reporter’s standing', () => {
  it('counts a verified account of the configured age, in no burst, with no dismissed report', () => {
    expect(reporterStanding(inGoodStanding, NOW, MIN_AGE_MS)).toEqual([]);
  });

  it('does not count an account a second younger than the configured age', () => {
    expect(standing({ registeredAt: ago(MIN_AGE_MS - 1000) })).toEqual(['young-account']);
    expect(reporterStanding(inGoodStanding, NOW, 0)).toEqual([]);
  });

  it('does not count an unverified account, one in a burst of sign-ups, or an unknown one', () => {
    expect(standing({ emailVerified: false })).toEqual(['unverified']);
    expect(standing({ clusterHeld: true })).toEqual(['cluster']);
    expect(standing({ registeredAt: null })).toEqual(['young-account']);
    expect(reporterStanding(null, NOW, MIN_AGE_MS)).toEqual(['unverified', 'young-account']);
  });

  it('does not count an account whose report was dismissed in the last 30 days', () => {
    expect(standing({ lastDismissedAt: ago(DISMISSAL_MEMORY_MS - 1000) })).toEqual([
      'recently-dismissed',
    ]);
    expect(standing({ lastDismissedAt: ago(DISMISSAL_MEMORY_MS) })).toEqual([]);
  });
});
