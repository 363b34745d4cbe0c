import { countsFromMessage, waitsOnlyForAge } from './vote-standing';

describe('when a held rating is told it counts', () => {
  const at = '2026-11-28T21:14:00.000Z';
  it('given a rating held only for its account’s age, when asked, then it names the moment', () => {
    expect(waitsOnlyForAge(['young-account'], at)).toBe(at);
  });

  it('given a rating also held for a tie to the author or a burst, when asked, then it names none', () => {
    expect(waitsOnlyForAge(['same-network', 'young-account'], at)).toBeNull();
    expect(waitsOnlyForAge(['cluster', 'young-account'], at)).toBeNull();
    expect(waitsOnlyForAge([], null)).toBeNull();
  });
});

describe('what a young account is told of its waiting rating', () => {
  it('given a rating that counts later, when told, then it says why and the moment it counts (UTC)', () => {
    expect(countsFromMessage('2026-11-28T21:14:00.000Z', 24)).toBe(
      "New accounts' votes count after 24 hours, to keep the boards fair: yours counts from Sat 28 Nov, 21:14 UTC",
    );
  });

  it('given another wait, when told, then it names that wait', () => {
    expect(countsFromMessage('2026-01-05T03:07:00.000Z', 48)).toMatch(
      /^New accounts' votes count after 48 hours, .*: yours counts from Mon 5 Jan, 03:07 UTC$/,
    );
  });
});
