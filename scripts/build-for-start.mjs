// `npm start`'s build: `nx run-many -t build` (cached), said in one line.
//
//   node scripts/build-for-start.mjs
//
// The build's own output (Nx's task lines, Vite's list of every chunk and its size, the first
// page's budget) is printed only when the build fails, or with LOG_LEVEL=debug or trace, as the
// app does with its own start-up lines. `npm run build` and CI print it all, as before.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const verbose = ['debug', 'trace'].includes((process.env.LOG_LEVEL ?? '').trim().toLowerCase());
const nx = createRequire(import.meta.url).resolve('nx/bin/nx.js');
const started = Date.now();
const build = spawnSync(
  process.execPath,
  [nx, 'run-many', '-t', 'build', '--outputStyle=static'],
  verbose
    ? { stdio: 'inherit' }
    : { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);

if (build.error) {
  process.stderr.write(`The build could not run: ${build.error.message}\n`);
  process.exit(1);
}
if (build.status !== 0) {
  if (!verbose) process.stderr.write(`${build.stdout}${build.stderr}`);
  process.stderr.write(`The build failed (exit code ${build.status ?? build.signal}).\n`);
  process.exit(build.status ?? 1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(
  `Built the backend and the frontend in ${seconds} s` +
    (verbose ? '\n' : ' (LOG_LEVEL=debug npm start shows the build output)\n'),
);
