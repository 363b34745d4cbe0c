import { compareValues, declaredIndexKeys, orderKeys, valueAt } from './bson-order';

describe('BSON order', () => {
  it('given values of every stored type, when sorted, then they follow MongoDB: null, numbers, strings, objects, arrays, booleans', () => {
    const values = [true, [1], { a: 1 }, 'b', '10', 2, -1, null, false, Number.NaN, 'a'];
    expect([...values].sort(compareValues)).toEqual([
      null,
      Number.NaN,
      -1,
      2,
      '10',
      'a',
      'b',
      { a: 1 },
      [1],
      false,
      true,
    ]);
  });

  it('given a missing field and null, when compared, then they are equal', () => {
    expect(compareValues(undefined, null)).toBe(0);
    expect(compareValues(undefined, 0)).toBeLessThan(0);
  });

  it('given ISO times, when compared, then string order is time order', () => {
    expect(compareValues('2026-01-02T00:00:00.000Z', '2026-01-10T00:00:00.000Z')).toBeLessThan(0);
  });

  it('given embedded documents and arrays, when compared, then field by field and element by element', () => {
    expect(compareValues({ a: 1, b: 2 }, { a: 1, b: 3 })).toBeLessThan(0);
    expect(compareValues({ a: 1 }, { a: 1, b: 0 })).toBeLessThan(0);
    expect(compareValues({ a: 5 }, { b: 1 })).toBeLessThan(0);
    expect(compareValues([1, 2], [1, 3])).toBeLessThan(0);
    expect(compareValues([1, 2], [1, 2])).toBe(0);
  });

  it('given a sort, when turned into order keys, then _id ascending ends it unless the sort names _id', () => {
    const fields = (sort: Parameters<typeof orderKeys>[0]) =>
      orderKeys(sort).map((key) => [key.field, key.direction]);
    expect(fields({ rating: -1 })).toEqual([
      ['rating', -1],
      ['_id', 1],
    ]);
    expect(fields({ _id: -1, rating: 1 })).toEqual([['_id', -1]]);
    expect(fields(undefined)).toEqual([['_id', 1]]);
    expect(declaredIndexKeys({ a: 1, 'b.c': -1 }).map((key) => key.path)).toEqual([
      ['a'],
      ['b', 'c'],
    ]);
  });

  it('given dotted paths, when read, then embedded fields are reached', () => {
    const doc = { author: { name: 'ann' }, tags: ['x'], items: [{ n: 1 }] };
    expect(valueAt(doc, ['author', 'name'])).toBe('ann');
    expect(valueAt(doc, ['author', 'missing', 'deeper'])).toBeUndefined();
    expect(valueAt(doc, ['items', 'n'])).toBeUndefined();
  });
});
