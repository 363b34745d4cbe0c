// Compresses the built frontend once, at build time: next to every text file of dist/ of at least
// 1 KB, a brotli (.br, maximum quality) and a gzip (.gz, written by zopfli: the gzip format,
// smaller than zlib's level 9, at a cost only paid here) copy, each kept only when it is
// smaller than the file. The app's server sends them as they are to browsers that accept them
// (backend/src/api/compression/compression.middleware.ts), so no request pays for compressing.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stdout } from 'node:process';
import { promisify } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';

import zopfli from '@gfx/zopfli';

const zopfliGzip = promisify(zopfli.gzip);

const dist = resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of readdirSync(dist, { withFileTypes: true, recursive: true })) {
  if (!entry.isFile() || !TEXT.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  // dist/.vite is the build's notes, dist/.ssr the server's render: neither is served.
  if (
    path.includes(join(dist, '.vite')) ||
    path.includes(join(dist, '.ssr')) ||
    statSync(path).size < MIN_BYTES
  ) {
    continue;
  }
  const content = readFileSync(path);
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = await zopfliGzip(content, { numiterations: 5 });
  if (br.length < content.length) writeFileSync(`${path}.br`, br);
  if (gz.length < content.length) writeFileSync(`${path}.gz`, gz);
  files += 1;
  before += content.length;
  afterBrotli += Math.min(br.length, content.length);
}
const kB = (n) => `${(n / 1024).toFixed(1)} kB`;
stdout.write(`precompressed ${files} files: ${kB(before)} -> ${kB(afterBrotli)} brotli\n`);
