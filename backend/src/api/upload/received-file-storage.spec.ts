import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { Request } from 'express';
import { ReceivedFileStorage } from './received-file-storage';

/** Streams `chunks` as the file of a request whose Content-Length says `declared`. */
function receive(chunks: Buffer[], declared?: number, maxBytes = 1 << 20): Promise<Buffer> {
  const storage = new ReceivedFileStorage(maxBytes);
  const request = {
    headers: declared === undefined ? {} : { 'content-length': String(declared) },
  } as Request;
  const stream = new PassThrough();
  const file = { stream } as unknown as Express.Multer.File & { stream: PassThrough };
  const received = new Promise<Buffer>((resolve, reject) => {
    storage._handleFile(request, file, (error, info) =>
      error ? reject(error as Error) : resolve(info?.buffer as Buffer),
    );
  });
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  return received;
}

const chunks = [randomBytes(65_536), randomBytes(1_000), randomBytes(65_536), randomBytes(7)];
const whole = Buffer.concat(chunks);

describe('the storage of received files', () => {
  it('copies the file into one buffer as it comes when the body says its length', async () => {
    const received = await receive(chunks, whole.length + 180);
    expect(received.equals(whole)).toBe(true);
    // One buffer of the declared size, written as the chunks came (not joined afterwards).
    expect(received.buffer.byteLength).toBe(whole.length + 180);
  });

  it('joins the chunks at the end of a body that said no length (chunked)', async () => {
    expect((await receive(chunks)).equals(whole)).toBe(true);
    expect((await receive(chunks, Number.NaN)).equals(whole)).toBe(true);
  });

  it('keeps everything when more comes than the body said', async () => {
    expect((await receive(chunks, 70_000)).equals(whole)).toBe(true);
    expect((await receive(chunks, 10)).equals(whole)).toBe(true);
  });

  it('sizes its buffer by the upload limit when the body claims more', async () => {
    const received = await receive(chunks, 1e12, whole.length);
    expect(received.equals(whole)).toBe(true);
    expect(received.buffer.byteLength).toBe(whole.length);
  });

  it('gives an empty file an empty buffer', async () => {
    expect(await receive([], 200)).toEqual(Buffer.alloc(0));
    expect(await receive([])).toEqual(Buffer.alloc(0));
  });

  it('lets go of a file multer gives up', () => {
    const file = { buffer: whole } as Express.Multer.File;
    const done = jest.fn();
    new ReceivedFileStorage(10)._removeFile({} as Request, file, done);
    expect(file.buffer).toBeUndefined();
    expect(done).toHaveBeenCalledWith(null);
  });
});
