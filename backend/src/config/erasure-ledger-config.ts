import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * `ERASURE_LEDGER`: the file that records every erasure outside the data directory, so a restore
 * (which rolls the log and the key store back) can apply again the erasures made since. Not inside
 * `DATA_DIR`: a restore needs an empty one, and a backup must not carry the ledger back to an older
 * state. Outside production it defaults to `<DATA_DIR>-erasure-ledger.jsonl`; production must name
 * it, on storage that outlives the app's.
 */
export function erasureLedgerPath(
  value: string | undefined,
  env: { nodeEnv: string; dataDir: string },
  problems: string[],
): string {
  const fallback = defaultErasureLedger(env.dataDir);
  if (value === undefined) {
    if (env.nodeEnv === 'production') {
      problems.push(
        'ERASURE_LEDGER is required in production: a file outside DATA_DIR, on storage backups do not restore, that records every erasure so that a restore applies it again',
      );
    }
    return fallback;
  }
  const path = resolve(value);
  const inside = relative(env.dataDir, path);
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) {
    problems.push(
      `ERASURE_LEDGER must be outside DATA_DIR (got "${value}"): a restore starts from an empty DATA_DIR and must not roll the ledger back`,
    );
    return fallback;
  }
  return path;
}

/** Where the ledger is when `ERASURE_LEDGER` is not set: beside the data directory. */
export function defaultErasureLedger(dataDir: string): string {
  return join(dirname(dataDir), `${basename(dataDir)}-erasure-ledger.jsonl`);
}
