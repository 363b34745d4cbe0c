import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { assertImageKey, type ImageStorage } from '../../application/ports/image-storage.port';

export { imageKeys, publicImageUrl, isImageKey } from '../../application/ports/image-storage.port';

/**
 * Images as files under `rootDir` (by default `DATA_DIR/uploads`), served by express static at
 * `/uploads`. Writes are atomic: a reader (or the static server) sees the whole file or none.
 */
export class LocalImageStorage implements ImageStorage {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = resolve(rootDir);
  }

  /** The content type is implied by the key's extension, which the static server also uses. */
  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    // Content-addressed: an existing file already holds these exact bytes.
    if (await this.exists(key)) return;

    const folder = dirname(target);
    await mkdir(folder, { recursive: true });
    // A dot-file in the same folder: same filesystem (so rename is atomic), and express static
    // ignores dot-files, so a half-written file is never served.
    const temp = join(folder, `.${basename(target)}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(data);
        // Flush before the rename so a crash cannot leave a complete name over partial bytes.
        await handle.sync();
      } finally {
        await handle.close();
      }
      // Two uploads of the same photo may race here; both files are identical, last one wins.
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
    await syncDirectory(folder);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key), constants.F_OK);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    try {
      await unlink(target);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    await syncDirectory(dirname(target));
  }

  private pathOf(key: string): string {
    assertImageKey(key);
    return join(this.rootDir, ...key.split('/'));
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Makes the rename durable. Best effort: some filesystems refuse to fsync a directory. */
async function syncDirectory(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Durability of the directory entry is a bonus, not a correctness requirement.
  }
}
