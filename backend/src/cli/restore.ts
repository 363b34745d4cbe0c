/**
 * `npm run restore -- DIR [--app-secret FILE] [--erasure-ledger FILE | --no-erasure-ledger]`: puts
 * a backup (DIR, or the newest in DIR) into an empty DATA_DIR, then applies every erasure of the
 * erasure ledger again; it refuses, before writing anything, when it finds no ledger and was told
 * of none. `--erasures-only` does only the latter, for EventStoreDB and MongoDB restored by their
 * own tools. See docs/operations.md.
 */
import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../config/config';
import { BackupError } from '../infrastructure/backup/backup-manifest';
import {
  carryErasureLedger,
  chooseErasureLedger,
} from '../infrastructure/backup/erasure-ledger-choice';
import {
  alignErasurePositionWithLog,
  findBackup,
  restoreBackup,
} from '../infrastructure/backup/restore-backup';
import { describeSize, exitWith } from './cli-output';
import { reapplyErasures } from './reapply-erasures';
import { readRestoreArgs } from './restore-args';

async function main() {
  const { folder: source, secretFile, ledger: option } = readRestoreArgs(process.argv.slice(2));
  const config = loadConfig();
  const started = process.hrtime.bigint();
  const correlationId = `restore-${randomUUID()}`;
  // Before anything is written: a restore without the ledger would bring erased accounts back.
  const ledger = chooseErasureLedger(config, option);
  let restored: string;
  if (source === null) {
    await alignErasurePositionWithLog(config);
    restored = `Stores of ${config.dataDir}`;
  } else {
    const folder = findBackup(source);
    const manifest = await restoreBackup(config, folder, { secretFile });
    restored =
      `Restored ${folder} (taken ${manifest.startedAt}, ${manifest.events} events up to position ` +
      `${manifest.logPosition ?? 'none'}, ${describeSize(manifest.bytes)}) into ${config.dataDir}`;
  }
  const ms = () => Math.round(Number(process.hrtime.bigint() - started) / 1e6);
  if (ledger.file === null) {
    process.stdout.write(
      `${restored}; erasure ledger: none (--no-erasure-ledger), so accounts erased after the backup, if any, are back; ${ms()} ms\n`,
    );
    return;
  }
  const { entries, counts } = await carryErasureLedger(config, ledger)
    .then(() => reapplyErasures(config, correlationId))
    .catch((error) => {
      throw new BackupError(
        `${restored}, but applying the erasure ledger (${ledger.describe}) failed: ${(error as Error).message}. ` +
          `Run \`npm run restore -- --erasures-only${typeof option === 'object' ? ` --erasure-ledger ${option.file}` : ''}\` before the app starts: until then accounts erased since the backup are back`,
      );
    });
  process.stdout.write(
    `${restored}; erasure ledger: ${entries} entries, ${counts.erased} accounts erased again, ` +
      `${counts['already-erased']} already erased, ${counts['not-in-log']} not in the log (${ledger.describe}); ${ms()} ms\n`,
  );
}

main().catch((error: unknown) => exitWith(error, [BackupError, ConfigError]));
