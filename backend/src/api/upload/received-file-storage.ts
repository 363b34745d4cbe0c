import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { Readable } from 'node:stream';

type Done = (error?: unknown, info?: Partial<Express.Multer.File>) => void;

/**
 * multer's memory storage, except that the file is copied into one buffer as it arrives (sized by
 * Content-Length, at most `maxBytes`) instead of joined from its chunks at the end. Writing fresh
 * memory is what costs (the first touch of every page): done chunk by chunk, it overlaps the wait
 * for the network rather than following it. Without a usable Content-Length, or should more
 * arrive than it said, the chunks are kept and joined at the end, as multer does.
 */
export class ReceivedFileStorage implements StorageEngine {
  constructor(private readonly maxBytes: number) {}

  _handleFile(request: Request, file: Express.Multer.File & { stream: Readable }, done: Done) {
    const declared = Number(request.headers['content-length']);
    const capacity =
      Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, this.maxBytes) : 0;
    let buffer: Buffer | null = null;
    let length = 0;
    let chunks: Buffer[] | null = capacity > 0 ? null : [];
    file.stream.on('data', (chunk: Buffer) => {
      if (chunks === null && length + chunk.length > capacity) {
        chunks = buffer ? [buffer.subarray(0, length)] : [];
      }
      if (chunks !== null) {
        chunks.push(chunk);
        return;
      }
      buffer ??= Buffer.allocUnsafe(capacity);
      chunk.copy(buffer, length);
      length += chunk.length;
    });
    file.stream.on('end', () => {
      const whole =
        chunks === null ? (buffer ?? Buffer.alloc(0)).subarray(0, length) : Buffer.concat(chunks);
      done(null, { buffer: whole, size: whole.length });
    });
  }

  _removeFile(_request: Request, file: Express.Multer.File, done: (error: Error | null) => void) {
    delete (file as Partial<Express.Multer.File>).buffer;
    done(null);
  }
}
