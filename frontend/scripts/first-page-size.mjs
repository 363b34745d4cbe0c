// Prints the gzipped size of the JavaScript (and CSS) the home page loads, read from the build's
// manifest: the entry chunk of index.html with everything it imports statically, plus the lazily
// loaded chunks of the `/` route (TanStack Router's autoCodeSplitting loads a route's component,
// error and not-found chunks together) and their static imports.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stdout } from 'node:process';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const HOME_ROUTE_SOURCE = 'src/routes/index.tsx?tsr-split=';

const chunks = new Set();
const styles = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || chunks.has(chunk.file)) return;
  chunks.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}

// The chunks holding the home route's parts (see routeChunks in vite.config.ts), by file.
const routeChunks = JSON.parse(readFileSync(join(dist, '.vite/route-chunks.json'), 'utf8'));
const homeFiles = new Set(
  Object.entries(routeChunks)
    .filter(([module]) => module.startsWith(HOME_ROUTE_SOURCE))
    .map(([, file]) => file),
);
if (homeFiles.size === 0)
  throw new Error(`No chunk holds ${HOME_ROUTE_SOURCE}…: rebuild the frontend`);

collect('index.html');
for (const [key, chunk] of Object.entries(manifest)) {
  if (homeFiles.has(chunk.file)) collect(key);
}

function sizes(files) {
  return [...files].map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
}

const print = (line) => stdout.write(`${line}\n`);
const kB = (n) => `${(n / 1024).toFixed(2)} kB`;
const js = sizes(chunks).sort((a, b) => b.gzip - a.gzip);
const css = sizes(styles);
const total = (list, field) => list.reduce((sum, entry) => sum + entry[field], 0);

print('\nFirst page (/) JavaScript:');
for (const entry of js) print(`  ${entry.file.padEnd(44)} ${kB(entry.gzip).padStart(10)} gzip`);
print(
  `First page JS: ${kB(total(js, 'gzip'))} gzip (${kB(total(js, 'raw'))} raw) in ${js.length} files`,
);
print(`First page CSS: ${kB(total(css, 'gzip'))} gzip (${kB(total(css, 'raw'))} raw)`);
