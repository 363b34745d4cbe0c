import { createHash } from 'node:crypto';
import { imageKeys, type ImageStorage } from '../../application/ports/image-storage.port';

/**
 * The behaviour every ImageStorage adapter owes the app. Call it from an adapter's spec with a
 * factory that gives a fresh, empty storage.
 */
export function describeImageStorageContract(
  adapterName: string,
  setup: () => Promise<{ storage: ImageStorage; cleanup?: () => Promise<void> }>,
): void {
  describe(`ImageStorage contract: ${adapterName}`, () => {
    let storage: ImageStorage;
    let cleanup: (() => Promise<void>) | undefined;

    beforeEach(async () => {
      ({ storage, cleanup } = await setup());
    });

    afterEach(async () => {
      await cleanup?.();
    });

    const bytes = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    const keys = imageKeys(createHash('sha256').update(bytes).digest('hex'));

    it('given an empty storage, when a key is read, then it is absent', async () => {
      expect(await storage.exists(keys.image)).toBe(false);
      expect(await storage.get(keys.image)).toBeNull();
    });

    it('given a stored image, when it is read back, then the bytes are identical', async () => {
      await storage.put(keys.image, bytes, 'image/webp');

      expect(await storage.exists(keys.image)).toBe(true);
      expect(await storage.get(keys.image)).toEqual(bytes);
      expect(await storage.exists(keys.thumbnail)).toBe(false);
    });

    it('given a stored image, when the same key is put again, then it is a no-op', async () => {
      await storage.put(keys.image, bytes, 'image/webp');
      await storage.put(keys.image, bytes, 'image/webp');

      expect(await storage.get(keys.image)).toEqual(bytes);
    });

    it('given concurrent puts of one key, when they finish, then the image is whole', async () => {
      await Promise.all([1, 2, 3, 4].map(() => storage.put(keys.image, bytes, 'image/webp')));

      expect(await storage.get(keys.image)).toEqual(bytes);
    });

    it('given a stored image, when it is deleted, then it is absent and the other variant stays', async () => {
      await storage.put(keys.image, bytes, 'image/webp');
      await storage.put(keys.thumbnail, bytes, 'image/webp');

      await storage.delete(keys.image);

      expect(await storage.exists(keys.image)).toBe(false);
      expect(await storage.get(keys.image)).toBeNull();
      expect(await storage.get(keys.thumbnail)).toEqual(bytes);
    });

    it('given a missing key, when it is deleted, then nothing happens, even twice at once', async () => {
      await storage.delete(keys.image);
      await storage.put(keys.image, bytes, 'image/webp');
      await Promise.all([storage.delete(keys.image), storage.delete(keys.image)]);

      expect(await storage.exists(keys.image)).toBe(false);
    });

    it('given a deleted image, when the same bytes are put again, then they are stored again', async () => {
      await storage.put(keys.image, bytes, 'image/webp');
      await storage.delete(keys.image);
      await storage.put(keys.image, bytes, 'image/webp');

      expect(await storage.get(keys.image)).toEqual(bytes);
    });

    it.each([
      '../etc/passwd',
      'ab/../../secret.webp',
      '/ab/abcdef.webp',
      `${keys.image}/..`,
      keys.image.toUpperCase(),
      keys.image.replace(/^../, 'zz'),
      keys.image.replace('.webp', '.html'),
      `${keys.image}\0.webp`,
      '',
    ])(
      'given a malformed key %j, when it is used, then every operation refuses it',
      async (key) => {
        await expect(storage.put(key, bytes, 'image/webp')).rejects.toThrow(/key/);
        await expect(storage.get(key)).rejects.toThrow(/key/);
        await expect(storage.exists(key)).rejects.toThrow(/key/);
        await expect(storage.delete(key)).rejects.toThrow(/key/);
      },
    );
  });
}
