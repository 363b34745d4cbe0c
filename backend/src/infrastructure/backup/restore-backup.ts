import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../../config/config';
import { createEventStore, createPersonalDataKeys } from '../adapters';
import { resolveAppSecret } from '../config/app-secret';
import { DataDirLock } from '../config/data-dir-lock';
import {
  APP_SECRET_FILE,
  BackupError,
  type BackupManifest,
  EVENT_LOG,
  MANIFEST,
  readManifest,
  secretFingerprint,
  sha256Of,
} from './backup-manifest';

/** What a data directory may hold and still count as empty. */
const IGNORED_ENTRIES = new Set(['embedded.lock', 'lost+found']);

/**
 * The backup folder `source` names: itself when it holds a manifest, else the newest backup
 * in it (backup folders are named by their start time).
 */
export function findBackup(source: string): string {
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  if (existsSync(join(source, MANIFEST))) return source;
  const newest = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .filter((name) => existsSync(join(source, name, MANIFEST)))
    .sort()
    .at(-1);
  if (!newest) throw new BackupError(`${source} holds no backup (no ${MANIFEST} in it or below)`);
  return join(source, newest);
}

/**
 * Puts the backup in `folder` into the configured DATA_DIR, which must be empty and not in use:
 * every file is checked against the manifest first (a damaged backup writes nothing), then
 * copied; the app secret comes from APP_SECRET, the backup, or `secretFile`, and must be the one
 * the backup was taken under. The key store's erasure position is brought back to the log's,
 * so the key shredder follows the restored log from where it ends.
 */
export async function restoreBackup(
  config: AppConfig,
  folder: string,
  options: { secretFile?: string } = {},
): Promise<BackupManifest> {
  if (config.eventStoreUrl || config.mongoUrl) {
    throw new BackupError(
      'restore puts a backup of the embedded stores into DATA_DIR; with EventStoreDB and MongoDB restore them with their own tools, then run `npm run restore -- --erasures-only` (see docs/operations.md, "Backups")',
    );
  }
  const manifest = readManifest(folder);
  const lock = lockDataDir(config.dataDir);
  try {
    const present = readdirSync(config.dataDir).filter((name) => !IGNORED_ENTRIES.has(name));
    if (present.length > 0) {
      throw new BackupError(
        `${config.dataDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', …' : ''}): restore only puts a backup into an empty DATA_DIR, so nothing is mixed or overwritten. Move its contents away, or set DATA_DIR to a new folder`,
      );
    }
    const secret = secretFor(config, folder, manifest, options.secretFile);
    for (const file of manifest.files) {
      if ((await sha256Of(join(folder, file.path))) !== file.sha256) {
        throw new BackupError(
          `${join(folder, file.path)} is damaged: it differs from the manifest`,
        );
      }
    }
    for (const file of manifest.files) {
      const target = join(config.dataDir, file.path);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(join(folder, file.path), target);
    }
    if (!config.appSecret && !existsSync(join(config.dataDir, APP_SECRET_FILE))) {
      await writeFile(join(config.dataDir, APP_SECRET_FILE), secret, { mode: 0o600, flag: 'wx' });
    }
    await alignErasurePosition(config, secret, manifest.logPosition);
  } finally {
    lock.release();
  }
  return manifest;
}

/** Refuses while an app (or another tool) holds the data directory. */
function lockDataDir(dataDir: string): DataDirLock {
  try {
    return DataDirLock.acquire(dataDir, 'restore');
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
}

function secretFor(
  config: AppConfig,
  folder: string,
  manifest: BackupManifest,
  secretFile: string | undefined,
): string {
  const given = config.appSecret ?? readSecret(secretFile, 'the file given with --app-secret');
  const secret = given ?? readSecret(join(folder, APP_SECRET_FILE), 'the backup');
  if (secret === null) {
    throw new BackupError(
      'This backup was taken without the app secret, which is kept apart from backups: set APP_SECRET, or give the kept copy of app-secret with --app-secret FILE',
    );
  }
  if (secretFingerprint(secret) !== manifest.appSecret.fingerprint) {
    throw new BackupError(
      'This backup was taken under another app secret: with this one nothing in its key store opens. Give the secret the backup was taken under',
    );
  }
  return secret;
}

function readSecret(file: string | undefined, what: string): string | null {
  if (file === undefined) return null;
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && what === 'the backup') return null;
    throw new BackupError(`Could not read ${what} (${file}): ${(error as Error).message}`);
  }
}

/**
 * For stores restored by their own tools (`restore --erasures-only`): the key shredder's
 * position brought back to the restored log's head, as a restore of the embedded stores does.
 */
export async function alignErasurePositionWithLog(config: AppConfig): Promise<void> {
  const embedded = !(config.eventStoreUrl && config.mongoUrl);
  if (!config.eventStoreUrl && !existsSync(join(config.dataDir, EVENT_LOG))) {
    throw new BackupError(
      `${config.dataDir} holds no event log (${EVENT_LOG}): restore a backup first`,
    );
  }
  const lock = embedded ? lockDataDir(config.dataDir) : null;
  try {
    const secret = resolveAppSecret(config);
    const keys = await createPersonalDataKeys(config, secret);
    let head: bigint | null;
    try {
      const log = await createEventStore(config, keys);
      try {
        head = await log.headPosition();
      } finally {
        await log.close();
      }
    } finally {
      await keys.close();
    }
    await alignErasurePosition(config, secret, head === null ? null : head.toString());
  } finally {
    lock?.release();
  }
}

/** A key store copied after the log may have followed erasures past the log's end. */
async function alignErasurePosition(config: AppConfig, secret: string, logPosition: string | null) {
  const keys = await createPersonalDataKeys(config, secret);
  try {
    const erasedUpTo = await keys.erasedUpTo();
    const log = BigInt(logPosition ?? '0');
    if (erasedUpTo !== null && erasedUpTo > log) await keys.recordErasedUpTo(log);
  } finally {
    await keys.close();
  }
}
