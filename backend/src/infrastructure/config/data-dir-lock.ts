import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded stores belong to one process: the read store keeps its documents in memory, so a
 * second process writing the same files would leave the first one's copy stale. The lock file
 * names the owner's pid; a lock left by a process that no longer runs is taken over.
 */
export class DataDirLock {
  private constructor(private readonly file: string) {}

  static acquire(dataDir: string, purpose: string): DataDirLock {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'embedded.lock');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        writeFileSync(file, JSON.stringify({ pid: process.pid, purpose }), { flag: 'wx' });
        return new DataDirLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = readOwner(file);
        if (owner && owner.pid !== process.pid && isRunning(owner.pid)) {
          throw new Error(
            `${dataDir} is in use by process ${owner.pid} (${owner.purpose}). Stop it first: the embedded stores belong to one process.`,
          );
        }
        rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not lock ${dataDir}`);
  }

  release(): void {
    const owner = readOwner(this.file);
    if (owner?.pid === process.pid) rmSync(this.file, { force: true });
  }
}

function readOwner(file: string): { pid: number; purpose: string } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { pid: number; purpose: string };
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
