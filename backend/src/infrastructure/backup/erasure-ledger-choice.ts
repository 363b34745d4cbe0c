import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ErasureLedgerEntry } from '../../application/ports/erasure-ledger.port';
import type { AppConfig } from '../../config/config';
import { defaultErasureLedger } from '../../config/erasure-ledger-config';
import { FileErasureLedger } from '../erasure-ledger/file-erasure-ledger';
import { BackupError } from './backup-manifest';

/**
 * Which erasure ledger a restore applies: the configured one (`ERASURE_LEDGER`, or its default
 * beside `DATA_DIR`), a file given with `--erasure-ledger FILE`, or none, said knowingly with
 * `--no-erasure-ledger`.
 */
export type ErasureLedgerOption = 'configured' | 'none' | { file: string };

/** The ledger a restore applies, chosen before anything is written. */
export interface ChosenErasureLedger {
  /** The file whose entries are applied; null: none, as the operator said. */
  file: string | null;
  /** Where it is, for the restore's summary. */
  describe: string;
}

/**
 * Chooses the ledger before the restore writes anything, and refuses (saying where it looked)
 * when none is found and none was given: a restore without the ledger brings back every account
 * erased after the backup, which must never happen by a file left behind on another disk.
 */
export function chooseErasureLedger(
  config: AppConfig,
  option: ErasureLedgerOption,
): ChosenErasureLedger {
  const configured = config.erasureLedger;
  const where = describeConfigured(config);
  if (option === 'none') {
    if (existsSync(configured)) {
      throw new BackupError(
        `--no-erasure-ledger, but there is an erasure ledger at ${configured} (${where}): restore applies it, so that accounts erased after the backup stay erased. Run again without --no-erasure-ledger`,
      );
    }
    return { file: null, describe: 'none (--no-erasure-ledger)' };
  }
  if (option === 'configured') {
    if (!existsSync(configured)) {
      throw new BackupError(
        `No erasure ledger at ${configured} (${where}). Without it every account erased after the backup comes back. ` +
          'Give the ledger of the installation the backup comes from with --erasure-ledger FILE (or set ERASURE_LEDGER to it). ' +
          'Only if nobody was ever erased there (the ledger is written at the first erasure), run again with --no-erasure-ledger',
      );
    }
    return { file: configured, describe: configured };
  }
  const given = resolve(option.file);
  if (!existsSync(given)) {
    throw new BackupError(`No erasure ledger at ${given} (given with --erasure-ledger)`);
  }
  return {
    file: given,
    describe: given === configured ? given : `${given}, copied into ${configured}`,
  };
}

/**
 * After the copy: the entries of a ledger given with `--erasure-ledger` that the configured one
 * lacks are appended to it, since the app records later erasures there and the next restore
 * reads it. Answers how many were appended.
 */
export async function carryErasureLedger(
  config: AppConfig,
  chosen: ChosenErasureLedger,
): Promise<number> {
  if (chosen.file === null || chosen.file === config.erasureLedger) return 0;
  const target = new FileErasureLedger(config.erasureLedger);
  const known = new Set((await target.entries()).map(entryKey));
  let appended = 0;
  for (const entry of await new FileErasureLedger(chosen.file).entries()) {
    if (known.has(entryKey(entry))) continue;
    known.add(entryKey(entry));
    await target.record(entry);
    appended += 1;
  }
  return appended;
}

function entryKey(entry: ErasureLedgerEntry): string {
  return `${entry.userId} ${entry.at}`;
}

function describeConfigured(config: AppConfig): string {
  return config.erasureLedger === defaultErasureLedger(config.dataDir)
    ? 'the default beside DATA_DIR, used while ERASURE_LEDGER is not set'
    : 'ERASURE_LEDGER';
}
