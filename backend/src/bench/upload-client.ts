import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** What the parent asks: post the file at `file` to `url` as the multipart field `image`. */
interface UploadRequest {
  url: string;
  file: string;
}

/** What the client answers: the wall time from sending the request to the whole answer read. */
type UploadReply = { ms: number; status: number; body: string } | { error: string };

/**
 * A visitor's browser for the upload bench: a process of its own, so that sending a 10 MB body
 * is not counted as the server's work on the server's event loop, where no browser runs.
 */
export class UploadClient {
  private constructor(private readonly child: ChildProcess) {}

  static start(): UploadClient {
    return new UploadClient(
      fork(__filename, ['--upload-client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
  }

  /** Posts the file; resolves with the answer's status, its body and the milliseconds it took. */
  upload(url: string, file: string): Promise<{ ms: number; status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`The upload client exited (${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (reply: UploadReply) => {
        this.child.off('exit', onExit);
        if ('error' in reply) reject(new Error(reply.error));
        else resolve(reply);
      });
      this.child.send({ url, file } satisfies UploadRequest);
    });
  }

  close(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.disconnect();
    });
  }
}

/**
 * The multipart body a browser sends for one file field. Built here as bytes, as a browser's
 * native code does: Node's FormData encodes a 10 MB file through web streams in JavaScript,
 * tens of milliseconds that no browser spends.
 */
function multipart(field: string, bytes: Buffer): { body: Buffer; type: string } {
  const boundary = `----upload-bench-${randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="feet.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function answer({ url, file }: UploadRequest): Promise<UploadReply> {
  try {
    const form = multipart('image', readFileSync(file));
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      body: form.body,
      headers: { 'Content-Type': form.type },
    });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, body };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

if (require.main === module && process.argv.includes('--upload-client')) {
  process.on('message', (request: UploadRequest) => {
    void answer(request).then((reply) => process.send?.(reply));
  });
}
