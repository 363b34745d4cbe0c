import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '../../../scripts/build-for-start.mjs');

/**
 * `npm start`'s build script, run in a folder of its own where `nx` is a stand-in that prints a
 * build's worth of lines (Vite lists every chunk) and exits with `NX_EXIT` (as an exit code, not
 * `process.exit`, which may cut off output still on its way through a pipe).
 */
function runBuild(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'build-for-start-'));
  try {
    mkdirSync(join(dir, 'scripts'));
    copyFileSync(SCRIPT, join(dir, 'scripts', 'build-for-start.mjs'));
    mkdirSync(join(dir, 'node_modules', 'nx', 'bin'), { recursive: true });
    writeFileSync(
      join(dir, 'node_modules', 'nx', 'bin', 'nx.js'),
      `for (let i = 0; i < 200; i++) console.log('dist/assets/chunk-' + i + '.js  1.00 kB │ gzip: 0.50 kB');
console.log('args: ' + process.argv.slice(2).join(' '));
process.exitCode = Number(process.env.NX_EXIT);`,
    );
    const { LOG_LEVEL: _ignored, ...inherited } = process.env;
    return spawnSync(process.execPath, [join(dir, 'scripts', 'build-for-start.mjs')], {
      encoding: 'utf8',
      env: { ...inherited, ...env },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('npm start’s build', () => {
  it('given a build that succeeds, when started, then it prints one line instead of the build’s output', () => {
    const run = runBuild({ NX_EXIT: '0' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^Built the backend and the frontend in \d+\.\d s \(LOG_LEVEL=debug npm start shows the build output\)\n$/,
    );
    expect(run.stderr).toBe('');
  });

  it('given a build that fails, when started, then it prints the whole output and fails with its code', () => {
    const run = runBuild({ NX_EXIT: '3' });
    expect(run.status).toBe(3);
    expect(run.stderr).toContain('dist/assets/chunk-199.js');
    expect(run.stderr).toContain('args: run-many -t build --outputStyle=static');
    expect(run.stderr).toMatch(/The build failed \(exit code 3\)\.\n$/);
  });

  it('given LOG_LEVEL=debug, when started, then the build’s output is shown as it comes', () => {
    const run = runBuild({ NX_EXIT: '0', LOG_LEVEL: 'debug' });
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').filter((line) => line.includes('chunk-'))).toHaveLength(200);
    expect(run.stdout).toMatch(/Built the backend and the frontend in \d+\.\d s\n$/);
  });
});
