import { randomUUID } from 'node:crypto';
import {
  PersonalDataErasedError,
  type PersonalDataKeys,
} from '../../application/ports/personal-data-keys.port';

/**
 * What every key store must do. `open` opens the same store each time it is called (the same
 * file or database), so that keys can be checked to outlive a restart; `dispose` removes it.
 */
export function describePersonalDataKeysContract(
  name: string,
  open: () => Promise<PersonalDataKeys>,
  dispose: () => Promise<void> = async () => {},
) {
  describe(`personal data keys contract: ${name}`, () => {
    let keys: PersonalDataKeys;

    beforeEach(async () => {
      keys = await open();
    });

    afterEach(async () => {
      await keys.close();
    });

    afterAll(dispose);

    it('creates a 32-byte key on first use and answers the same key afterwards', async () => {
      const subject = randomUUID();
      expect(await keys.find(subject)).toBeNull();
      const key = await keys.keyFor(subject);
      expect(key).toHaveLength(32);
      expect((await keys.keyFor(subject)).equals(key)).toBe(true);
      expect((await keys.find(subject))?.equals(key)).toBe(true);
    });

    it('answers several people at once: each key, a destroyed one as destroyed, an unknown one as none', async () => {
      const [kept, gone, unknown] = [randomUUID(), randomUUID(), randomUUID()];
      const key = await keys.keyFor(kept);
      await keys.keyFor(gone);
      await keys.destroy(gone);
      const found = await keys.findMany([kept, gone, unknown]);
      expect([...found.keys()].sort()).toEqual([kept, gone, unknown].sort());
      expect((found.get(kept) as Buffer).equals(key)).toBe(true);
      expect(found.get(gone)).toBe('destroyed');
      expect(found.get(unknown)).toBe('none');
      expect((await keys.findMany([])).size).toBe(0);
    });

    it('gives each person a key of their own', async () => {
      const [a, b] = await Promise.all([keys.keyFor(randomUUID()), keys.keyFor(randomUUID())]);
      expect(a.equals(b)).toBe(false);
    });

    it('answers one key to requests racing for a new person', async () => {
      const subject = randomUUID();
      const raced = await Promise.all(Array.from({ length: 8 }, () => keys.keyFor(subject)));
      for (const key of raced) expect(key.equals(raced[0])).toBe(true);
    });

    it('keeps keys across a restart', async () => {
      const subject = randomUUID();
      const key = await keys.keyFor(subject);
      await keys.close();
      keys = await open();
      expect((await keys.find(subject))?.equals(key)).toBe(true);
    });

    it('destroys a key for good: never found, never created again, also after a restart', async () => {
      const subject = randomUUID();
      await keys.keyFor(subject);
      await keys.destroy(subject);
      await keys.destroy(subject);
      expect(await keys.find(subject)).toBeNull();
      await expect(keys.keyFor(subject)).rejects.toBeInstanceOf(PersonalDataErasedError);
      await keys.close();
      keys = await open();
      expect(await keys.find(subject)).toBeNull();
      await expect(keys.keyFor(subject)).rejects.toBeInstanceOf(PersonalDataErasedError);
    });

    it('marks a person erased who never had a key, so none is created later', async () => {
      const subject = randomUUID();
      await keys.destroy(subject);
      await expect(keys.keyFor(subject)).rejects.toBeInstanceOf(PersonalDataErasedError);
    });

    it('leaves the other people’s keys alone', async () => {
      const [kept, erased] = [randomUUID(), randomUUID()];
      const key = await keys.keyFor(kept);
      await keys.keyFor(erased);
      await keys.destroy(erased);
      expect((await keys.find(kept))?.equals(key)).toBe(true);
    });

    it('keeps the position up to which erasures were applied, across a restart', async () => {
      expect(await keys.erasedUpTo()).toBeNull();
      await keys.recordErasedUpTo(41n);
      await keys.recordErasedUpTo(2n ** 63n + 5n);
      await keys.close();
      keys = await open();
      expect(await keys.erasedUpTo()).toBe(2n ** 63n + 5n);
    });
  });
}
