/** `npm run restore`'s arguments (docs/operations.md names them; a test holds the two together). */
import { parseArgs } from 'node:util';
import { BackupError } from '../infrastructure/backup/backup-manifest';
import type { ErasureLedgerOption } from '../infrastructure/backup/erasure-ledger-choice';

const USAGE =
  'Usage: npm run restore -- DIR [--app-secret FILE] [--erasure-ledger FILE | --no-erasure-ledger], ' +
  'or npm run restore -- --erasures-only [--erasure-ledger FILE]';

interface RestoreArgs {
  folder: string | null;
  secretFile: string | undefined;
  ledger: ErasureLedgerOption;
}

/** The restore's arguments, or a `BackupError` with the usage. */
export function readRestoreArgs(args: string[]): RestoreArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch {
    throw new BackupError(USAGE);
  }
  const { values, positionals } = parsed;
  const erasuresOnly = values['erasures-only'] === true;
  const noLedger = values['no-erasure-ledger'] === true;
  const ledgerFile = values['erasure-ledger'];
  if (
    (noLedger && ledgerFile !== undefined) ||
    (erasuresOnly && (positionals.length > 0 || noLedger || values['app-secret'] !== undefined)) ||
    (!erasuresOnly && positionals.length !== 1)
  ) {
    throw new BackupError(USAGE);
  }
  return {
    folder: erasuresOnly ? null : positionals[0],
    secretFile: values['app-secret'],
    ledger: noLedger ? 'none' : ledgerFile !== undefined ? { file: ledgerFile } : 'configured',
  };
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      'app-secret': { type: 'string' },
      'erasure-ledger': { type: 'string' },
      'no-erasure-ledger': { type: 'boolean' },
      'erasures-only': { type: 'boolean' },
    },
  });
}
