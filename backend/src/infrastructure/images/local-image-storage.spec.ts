import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeImageStorageContract } from './image-storage.contract';
import { imageKeys, LocalImageStorage, publicImageUrl } from './local-image-storage';

describeImageStorageContract('LocalImageStorage', async () => {
  const root = await mkdtemp(join(tmpdir(), 'image-storage-'));
  return {
    storage: new LocalImageStorage(root),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe('LocalImageStorage', () => {
  let root: string;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'image-storage-'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const hash = 'ab' + 'c'.repeat(62);

  it('given a put, when it completes, then the file sits under its folder and no temp file is left', async () => {
    const storage = new LocalImageStorage(root);

    await storage.put(imageKeys(hash).image, Buffer.from('webp'), 'image/webp');

    expect(await readFile(join(root, 'ab', `${hash}.webp`), 'utf8')).toBe('webp');
    expect(await readdir(join(root, 'ab'))).toEqual([`${hash}.webp`]);
  });

  it('given a relative root, when constructed, then rootDir is absolute for express static', () => {
    expect(new LocalImageStorage('data/uploads').rootDir).toMatch(/^\/.*data\/uploads$/);
  });

  it('given a content hash, when keys and urls are derived, then they follow the layout', () => {
    expect(imageKeys(hash)).toEqual({
      image: `ab/${hash}.webp`,
      thumbnail: `ab/${hash}.thumb.webp`,
    });
    expect(publicImageUrl(imageKeys(hash).thumbnail)).toBe(`/uploads/ab/${hash}.thumb.webp`);
    expect(() => imageKeys('../x')).toThrow();
    expect(() => publicImageUrl('../x.webp')).toThrow();
  });
});
