/**
 * `npm run restore -- DIR [--app-secret FILE]`: puts a backup (DIR itself, or the newest in
 * DIR) into an empty DATA_DIR, then applies again every erasure of the erasure ledger.
 * `npm run restore -- --erasures-only`: only the latter, for stores restored by their own tools
 * (EventStoreDB and MongoDB). See docs/operations.md.
 */
import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../config/config';
import { BackupError } from '../infrastructure/backup/backup-manifest';
import {
  alignErasurePositionWithLog,
  findBackup,
  restoreBackup,
} from '../infrastructure/backup/restore-backup';
import { describeSize, exitWith } from './cli-output';
import { reapplyErasures } from './reapply-erasures';

const USAGE =
  'Usage: npm run restore -- DIR [--app-secret FILE], or npm run restore -- --erasures-only';

async function main() {
  const args = process.argv.slice(2);
  const config = loadConfig();
  const started = process.hrtime.bigint();
  const correlationId = `restore-${randomUUID()}`;
  let restored: string;
  if (args.length === 1 && args[0] === '--erasures-only') {
    await alignErasurePositionWithLog(config);
    restored = `Stores of ${config.dataDir}`;
  } else {
    const secretAt = args.indexOf('--app-secret');
    const secretFile = secretAt >= 0 ? args[secretAt + 1] : undefined;
    const rest = args.filter(
      (_, index) => secretAt < 0 || (index !== secretAt && index !== secretAt + 1),
    );
    if (rest.length !== 1 || rest[0].startsWith('-') || (secretAt >= 0 && !secretFile)) {
      throw new BackupError(USAGE);
    }
    const folder = findBackup(rest[0]);
    const manifest = await restoreBackup(config, folder, { secretFile });
    restored =
      `Restored ${folder} (taken ${manifest.startedAt}, ${manifest.events} events up to position ` +
      `${manifest.logPosition ?? 'none'}, ${describeSize(manifest.bytes)}) into ${config.dataDir}`;
  }
  const { entries, counts } = await reapplyErasures(config, correlationId).catch((error) => {
    throw new BackupError(
      `${restored}, but applying the erasure ledger failed: ${(error as Error).message}. ` +
        'Run `npm run restore -- --erasures-only` before the app starts: until then accounts erased since the backup are back',
    );
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(
    `${restored}; erasure ledger: ${entries} entries, ${counts.erased} accounts erased again, ` +
      `${counts['already-erased']} already erased, ${counts['not-in-log']} not in the log; ${Math.round(ms)} ms\n`,
  );
}

main().catch((error: unknown) => exitWith(error, [BackupError, ConfigError]));
