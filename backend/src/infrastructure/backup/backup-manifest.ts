import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a backup of the embedded default holds, written last as `manifest.json` in its folder.
 * Only what is not derived from anything else: the log, the key store, the uploads and the
 * local checkout's sessions and receipts. The read models are rebuilt from the log at the first
 * start; the app secret is kept apart unless asked for (see docs/operations.md, "Backups").
 */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** When the copy began (the log is copied first) and ended, ISO 8601. */
  startedAt: string;
  finishedAt: string;
  /** The position of the last event in the copied log (a decimal string); null if empty. */
  logPosition: string | null;
  events: number;
  /**
   * `configured`: APP_SECRET was set (keep it apart); `apart`: `DATA_DIR/app-secret` was not
   * copied (keep it apart); `included`: it is in the backup. `fingerprint` tells the right
   * secret from a wrong one without revealing it.
   */
  appSecret: { kind: 'configured' | 'apart' | 'included'; fingerprint: string };
  files: BackupFile[];
  bytes: number;
}

export interface BackupFile {
  /** Relative to the backup folder and to DATA_DIR, with `/`. */
  path: string;
  bytes: number;
  sha256: string;
}

export const BACKUP_FORMAT = 'solescore-backup';
export const MANIFEST = 'manifest.json';
export const EVENT_LOG = 'events.sqlite';
export const KEY_STORE = 'personal-data-keys.sqlite';
export const APP_SECRET_FILE = 'app-secret';
/** Folders of files written once, copied as they are (dot-files are writes under way). */
export const FILE_FOLDERS = ['uploads', 'local-checkout'];

/** Tells which secret a backup was taken under, without holding anything that opens it. */
export function secretFingerprint(secret: string): string {
  return createHash('sha256')
    .update(`solescore backup secret check\n${secret}`)
    .digest('hex')
    .slice(0, 16);
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `folder` (relative paths with `/`), skipping dot-files (writes under way). */
export function filesUnder(root: string, folder: string): string[] {
  const start = join(root, folder);
  if (!existsSync(start)) return [];
  return readdirSync(start, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(root.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
}

export class BackupError extends Error {}

/** The manifest of the backup in `folder`, checked for its format. */
export function readManifest(folder: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(readFileSync(join(folder, MANIFEST), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${folder} holds no backup (no readable ${MANIFEST})`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1 || !manifest.files) {
    throw new BackupError(`${join(folder, MANIFEST)} is not a backup this version can restore`);
  }
  return manifest as BackupManifest;
}
