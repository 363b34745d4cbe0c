import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the module `name` that sits beside `file` (a caller's `__filename`).
 * From the compiled `dist/` it is its own .js file; from the TypeScript sources (jest, ts
 * scripts) it is compiled on load by the hook the tests' child processes use.
 */
export function workerBeside(file: string, name: string): Worker {
  const entry = join(file, '..', `${name}${extname(file)}`);
  if (extname(file) !== '.ts') return new Worker(entry);
  const register = join(__dirname, '..', '..', 'test', 'support', 'register-ts.js');
  return new Worker(`require(${JSON.stringify(register)}); require(${JSON.stringify(entry)});`, {
    eval: true,
  });
}
