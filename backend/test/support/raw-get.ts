import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent, before any decoding. */
  raw: Buffer;
  /** The body decoded by its Content-Encoding (br, gzip or none). */
  decoded: Buffer;
}

/**
 * A request whose answer is read as it travelled: supertest decodes compressed bodies and
 * sends its own Accept-Encoding, which hides what the server actually sent.
 */
export async function rawRequest(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  if (!server.listening) await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          raw.length === 0
            ? raw
            : encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, decoded });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
