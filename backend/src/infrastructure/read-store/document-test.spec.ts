import { Query } from 'mingo';
import type { Filter, ReadDocument } from '../../application/ports/read-store.port';
import { documentTest } from './document-test';

/** Values a field may hold: scalars of each type, null, missing, arrays and embedded documents. */
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  1,
  2.5,
  '',
  '1',
  'a',
  'b',
  'A',
  'xAy',
  'one\nA',
  [],
  ['a'],
  [1, 'b'],
  [null],
  [['a']],
  { a: 1 },
  {},
];
/** Conditions on a field: scalars, `$in` lists, and operators left to mingo. */
const CONDITIONS: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  2.5,
  '',
  '1',
  'a',
  { $in: [] },
  { $in: ['a', 'b', 'a'] },
  { $in: [1, '1', true] },
  { $in: [null, 'a'] },
  { $in: [['a']] },
  { $ne: 'a' },
  { $gte: 1 },
  ['a'],
  { $regex: 'a' },
  { $regex: 'a', $options: 'i' },
  { $regex: '^a$', $options: 'im' },
  { $regex: '1' },
  { $regex: '' },
  { $regex: 'A', $options: 'su' },
  { $regex: 'a', $ne: 'b' },
];

const documentWith = (value: unknown): ReadDocument =>
  value === undefined ? { _id: 'd' } : { _id: 'd', field: value, nested: { field: value } };

describe('document test', () => {
  it('answers every condition on every kind of field value as mingo does', () => {
    for (const condition of CONDITIONS) {
      for (const field of ['field', 'nested.field']) {
        const filter: Filter = { [field]: condition };
        const mingo = new Query(filter);
        const test = documentTest(filter)!;
        for (const value of VALUES) {
          const document = documentWith(value);
          expect({ filter, value, matches: test.test(document) }).toEqual({
            filter,
            value,
            matches: mingo.test(document),
          });
        }
      }
    }
  });

  it('given conditions on several fields and an $or, when tested, then a document meets them all', () => {
    const filter: Filter = {
      listed: true,
      authorId: { $in: ['u1', 'u2'] },
      $or: [{ rating: { $gte: 5 } }, { boosted: true }],
    };
    const test = documentTest(filter)!;
    const mingo = new Query(filter);
    const documents: ReadDocument[] = [];
    for (const listed of [true, false, [true], undefined]) {
      for (const authorId of ['u1', 'u3', ['u3', 'u2'], null]) {
        for (const rating of [4, 6]) {
          for (const boosted of [true, false]) {
            documents.push({ _id: `${documents.length}`, listed, authorId, rating, boosted });
          }
        }
      }
    }
    expect(documents.filter((doc) => test.test(doc))).toEqual(
      documents.filter((doc) => mingo.test(doc)),
    );
    expect(documents.some((doc) => test.test(doc))).toBe(true);
  });

  it('answers an $or of name patterns, and every $or it leaves to mingo, as mingo does', () => {
    const pattern = { $regex: 'ab', $options: 'i' };
    const filters: Filter[] = [
      { $or: [{ displayUsername: pattern }, { anonymousUsername: pattern }] },
      { nameGrams: 'ab', $or: [{ displayUsername: pattern }, { anonymousUsername: 'Abe' }] },
      { $or: [{ displayUsername: pattern, anonymousUsername: { $in: ['Abe', null] } }] },
      { $or: [{ displayUsername: { $gte: 'b' } }, { anonymousUsername: pattern }] },
      { $or: [{}, { anonymousUsername: pattern }] },
      { $or: [{ 'profile.name': pattern }] },
    ];
    const names = [undefined, null, 'ab', 'xABy', 'Abe', 'b', ['ab'], { ab: 1 }, 3];
    const documents: ReadDocument[] = [];
    for (const displayUsername of names) {
      for (const anonymousUsername of names) {
        documents.push({
          _id: `${documents.length}`,
          nameGrams: 'ab',
          profile: { name: displayUsername },
          ...(displayUsername === undefined ? {} : { displayUsername }),
          ...(anonymousUsername === undefined ? {} : { anonymousUsername }),
        });
      }
    }
    for (const filter of filters) {
      const test = documentTest(filter)!;
      const mingo = new Query(filter);
      expect({ filter, matched: documents.filter((doc) => test.test(doc)) }).toEqual({
        filter,
        matched: documents.filter((doc) => mingo.test(doc)),
      });
    }
  });

  it('given no condition, when compiled, then there is nothing to test', () => {
    expect(documentTest({})).toBeNull();
  });
});
