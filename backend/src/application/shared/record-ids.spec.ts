import { isUUID } from 'class-validator';
import { newRecordId } from './record-ids';

const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The milliseconds an id carries in its first 48 bits. */
const timeOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('newRecordId', () => {
  afterEach(() => jest.restoreAllMocks());

  it('makes version 7 UUIDs that carry the time they were made', () => {
    const before = Date.now();
    const id = newRecordId();
    const after = Date.now();
    expect(id).toMatch(SHAPE);
    expect(isUUID(id, 'all')).toBe(true);
    expect(timeOf(id)).toBeGreaterThanOrEqual(before);
    expect(timeOf(id)).toBeLessThanOrEqual(after);
  });

  it('sorts the ids of one process in the order they were made, none twice', () => {
    const ids = Array.from({ length: 20_000 }, () => newRecordId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => SHAPE.test(id))).toBe(true);
  });

  it('keeps the order within one millisecond, past its counter, and when the clock goes back', () => {
    const now = Date.now() + 60_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    const sameMillisecond = Array.from({ length: 5_000 }, () => newRecordId());
    clock.mockReturnValue(now - 1_000);
    const afterTheClockWentBack = Array.from({ length: 10 }, () => newRecordId());
    const ids = [...sameMillisecond, ...afterTheClockWentBack];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // 4,096 values of the counter at most per millisecond: the time moves on rather than repeat.
    expect(timeOf(ids[0]!)).toBe(now);
    expect(timeOf(ids.at(-1)!)).toBeGreaterThan(now);
    expect(timeOf(ids.at(-1)!)).toBeLessThanOrEqual(now + 2);
  });

  it('draws its last 62 bits at random: the ids of one millisecond differ there too', () => {
    const now = Date.now() + 120_000;
    jest.spyOn(Date, 'now').mockReturnValue(now);
    const tails = new Set(Array.from({ length: 2_000 }, () => newRecordId().slice(19)));
    expect(tails.size).toBe(2_000);
  });
});
