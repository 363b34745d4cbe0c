import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * New files named `name`, each in a folder of its own, all removed after the spec file's tests:
 * call it at the top of a spec file.
 */
export function tempFiles(name: string): () => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-'));
    dirs.push(dir);
    return join(dir, name);
  };
}
