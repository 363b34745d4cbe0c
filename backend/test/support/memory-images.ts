import type { ImageStorage } from '../../src/application/ports/image-storage.port';

/** Images kept in memory, as the image storage port keeps them. */
export class MemoryImages implements ImageStorage {
  readonly stored = new Map<string, Buffer>();
  async put(key: string, data: Buffer): Promise<void> {
    this.stored.set(key, data);
  }
  async get(key: string): Promise<Buffer | null> {
    return this.stored.get(key) ?? null;
  }
  async exists(key: string): Promise<boolean> {
    return this.stored.has(key);
  }
  async delete(key: string): Promise<void> {
    this.stored.delete(key);
  }
}
