/**
 * `npm run backup -- DIR [--include-secret]`: a consistent copy of the embedded default's data
 * into a new folder `DIR/<start time>/`, taken while the app runs (see docs/operations.md).
 */
import { ConfigError, loadConfig } from '../config/config';
import { BackupError } from '../infrastructure/backup/backup-manifest';
import { takeBackup } from '../infrastructure/backup/take-backup';
import { describeSize, exitWith } from './cli-output';

const USAGE = 'Usage: npm run backup -- DIR [--include-secret]';

async function main() {
  const args = process.argv.slice(2);
  const includeSecret = args.includes('--include-secret');
  const [dir, ...rest] = args.filter((arg) => arg !== '--include-secret');
  if (!dir || dir.startsWith('-') || rest.length > 0) throw new BackupError(USAGE);
  const { folder, manifest, ms } = await takeBackup(loadConfig(), dir, { includeSecret });
  const secret = {
    configured: 'APP_SECRET not included (keep it apart)',
    apart: 'app-secret not included (keep a copy of it apart: restore needs it)',
    included: 'app-secret included',
  }[manifest.appSecret.kind];
  process.stdout.write(
    `Backup ${folder}: ${manifest.events} events up to position ${manifest.logPosition ?? 'none'}, ` +
      `${manifest.files.length} files, ${describeSize(manifest.bytes)} in ${Math.round(ms)} ms; ${secret}\n`,
  );
}

main().catch((error: unknown) => exitWith(error, [BackupError, ConfigError]));
