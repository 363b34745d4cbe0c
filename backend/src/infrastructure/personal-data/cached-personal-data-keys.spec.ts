import { randomUUID } from 'node:crypto';
import type { KeyLookup, PersonalDataKeys } from '../../application/ports/personal-data-keys.port';
import { CachedPersonalDataKeys } from './cached-personal-data-keys';

/** A key store that says what it was asked. */
function storeOf(known: Map<string, KeyLookup>) {
  const asked: string[][] = [];
  const store = {
    findMany: async (ids: readonly string[]) => {
      asked.push([...ids]);
      return new Map(ids.map((id) => [id, known.get(id) ?? 'none'] as const));
    },
  } as unknown as PersonalDataKeys;
  return { store, asked };
}

describe('keys in memory', () => {
  it('given a destroyed key and a key, when asked again, then neither is asked of the store again; an unknown one is', async () => {
    const [gone, kept, unknown] = [randomUUID(), randomUUID(), randomUUID()];
    const key = Buffer.alloc(32, 7);
    const { store, asked } = storeOf(
      new Map<string, KeyLookup>([
        [gone, 'destroyed'],
        [kept, key],
      ]),
    );
    const cached = new CachedPersonalDataKeys(store);
    const first = await cached.findMany([gone, kept, unknown]);
    const again = await cached.findMany([gone, kept, unknown]);
    expect(asked).toEqual([[gone, kept, unknown], [unknown]]);
    for (const answer of [first, again]) {
      expect(answer.get(gone)).toBe('destroyed');
      expect(answer.get(kept)).toBe(key);
      expect(answer.get(unknown)).toBe('none');
    }
  });
});
