import Database from 'better-sqlite3';
import { copyFile, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { AppConfig } from '../../config/config';
import {
  APP_SECRET_FILE,
  BackupError,
  type BackupFile,
  type BackupManifest,
  BACKUP_FORMAT,
  EVENT_LOG,
  FILE_FOLDERS,
  filesUnder,
  KEY_STORE,
  MANIFEST,
  secretFingerprint,
  sha256Of,
} from './backup-manifest';

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
  ms: number;
}

/**
 * A consistent copy of the embedded default's data, taken while the app runs and writes:
 * 1. the log, through SQLite's online backup API in one read transaction (one moment of the log;
 *    the app's writes go on beside it in WAL mode);
 * 2. the key store, after the log: every key the copied log needs existed before it was copied,
 *    and keys are only ever destroyed (an erasure the copy misses is in the erasure ledger);
 * 3. the files written once (uploads, the local checkout's), after the log: every photo the
 *    copied log names is on disk unless a later event deleted it.
 * It is written under a `.partial` name renamed at the end, so an interrupted backup never looks
 * complete.
 */
export async function takeBackup(
  config: AppConfig,
  parent: string,
  options: { includeSecret?: boolean; now?: () => Date } = {},
): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  if (config.eventStoreUrl || config.mongoUrl) {
    throw new BackupError(
      'backup copies the embedded stores; with EventStoreDB and MongoDB back them up with their own tools (see docs/operations.md, "Backups")',
    );
  }
  const source = config.dataDir;
  if (!existsSync(join(source, EVENT_LOG))) {
    throw new BackupError(`${source} holds no event log (${EVENT_LOG}): nothing to back up`);
  }
  const inside = relative(source, resolve(parent));
  if (!inside.startsWith('..') && !isAbsolute(inside)) {
    throw new BackupError(
      `${parent} is inside DATA_DIR (${source}): keep backups elsewhere, ideally on another disk`,
    );
  }
  const started = now();
  const clock = process.hrtime.bigint();
  const name = started.toISOString().replace(/[:.]/g, '-');
  const folder = join(parent, name);
  const partial = join(parent, `.${name}.partial`);
  if (existsSync(folder)) throw new BackupError(`${folder} already exists`);
  await mkdir(partial, { recursive: true });
  try {
    const files: BackupFile[] = [];
    await copyDatabase(join(source, EVENT_LOG), join(partial, EVENT_LOG));
    const log = lastPosition(join(partial, EVENT_LOG));
    files.push(await describe(partial, EVENT_LOG));
    if (existsSync(join(source, KEY_STORE))) {
      await copyDatabase(join(source, KEY_STORE), join(partial, KEY_STORE));
      files.push(await describe(partial, KEY_STORE));
    }
    for (const path of FILE_FOLDERS.flatMap((folderName) => filesUnder(source, folderName))) {
      if (await copyIfStillThere(join(source, path), join(partial, path))) {
        files.push(await describe(partial, path));
      }
    }
    const secret = config.appSecret ?? readSecretFile(source);
    const kind = config.appSecret ? 'configured' : options.includeSecret ? 'included' : 'apart';
    if (kind === 'included') {
      await writeFile(join(partial, APP_SECRET_FILE), secret, { mode: 0o600 });
      files.push(await describe(partial, APP_SECRET_FILE));
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      startedAt: started.toISOString(),
      finishedAt: now().toISOString(),
      logPosition: log.position,
      events: log.events,
      appSecret: { kind, fingerprint: secretFingerprint(secret) },
      files,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    };
    await writeDurably(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, folder);
    return { folder, manifest, ms: Number(process.hrtime.bigint() - clock) / 1e6 };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * SQLite's online backup. Every page in one step: the step reads in one transaction, so the
 * copy is one moment of the database (in smaller steps a write by the app between two of them
 * would start the copy over, again and again under a steady flow of writes).
 */
async function copyDatabase(from: string, to: string): Promise<void> {
  const db = new Database(from, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(to, { progress: ({ totalPages }) => Math.max(totalPages, 1) * 2 });
  } finally {
    db.close();
  }
  await syncFile(to);
}

function lastPosition(file: string): { position: string | null; events: number } {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.defaultSafeIntegers(true);
    const row = db
      .prepare('SELECT MAX(position) AS position, COUNT(*) AS events FROM events')
      .get() as {
      position: bigint | null;
      events: bigint;
    };
    return {
      position: row.position === null ? null : row.position.toString(),
      events: Number(row.events),
    };
  } finally {
    db.close();
  }
}

/** A file deleted since it was listed (an event after the copied log removed it) is skipped. */
async function copyIfStillThere(from: string, to: string): Promise<boolean> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await copyFile(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  await syncFile(to);
  return true;
}

function readSecretFile(dataDir: string): string {
  try {
    return readFileSync(join(dataDir, APP_SECRET_FILE), 'utf8').trim();
  } catch {
    throw new BackupError(
      `${dataDir} has no ${APP_SECRET_FILE} and APP_SECRET is not set: without the secret the key store opens nothing`,
    );
  }
}

async function describe(folder: string, path: string): Promise<BackupFile> {
  const file = join(folder, path);
  return { path, bytes: (await stat(file)).size, sha256: await sha256Of(file) };
}

async function writeDurably(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await syncFile(file);
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
