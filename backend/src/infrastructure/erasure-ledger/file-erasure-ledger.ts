import { type FileHandle, mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  ERASURE_LEDGER,
  type ErasureLedger,
  type ErasureLedgerEntry,
} from '../../application/ports/erasure-ledger.port';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';

/** The ledger the configuration names (`ERASURE_LEDGER`), for the privacy module. */
export const erasureLedgerProvider = {
  provide: ERASURE_LEDGER,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): ErasureLedger => new FileErasureLedger(config.erasureLedger),
};

const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The erasure ledger as a file of JSON lines, only ever appended to. Each entry is one
 * `write` to a file opened for appending (so the lines of several processes sharing the file
 * on one volume never interleave), flushed to disk before the erasure goes on. A line cut short
 * by a crash is skipped when read (its erasure was then never begun), and the next entry starts
 * on a line of its own.
 */
export class FileErasureLedger implements ErasureLedger {
  constructor(readonly file: string) {}

  async record(entry: ErasureLedgerEntry): Promise<void> {
    if (!USER_ID.test(entry.userId)) throw new Error('Not an account id');
    await mkdir(dirname(this.file), { recursive: true });
    const line = `${JSON.stringify({ userId: entry.userId, at: entry.at, position: entry.position })}\n`;
    const handle = await open(this.file, 'a+', 0o600);
    try {
      await handle.write((await endsMidLine(handle)) ? `\n${line}` : line);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async entries(): Promise<ErasureLedgerEntry[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return text.split('\n').flatMap((line) => {
      const entry = parseEntry(line);
      return entry ? [entry] : [];
    });
  }
}

async function endsMidLine(handle: FileHandle): Promise<boolean> {
  const { size } = await handle.stat();
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

function parseEntry(line: string): ErasureLedgerEntry | null {
  try {
    const value = JSON.parse(line) as Partial<ErasureLedgerEntry> | null;
    if (typeof value?.userId !== 'string' || !USER_ID.test(value.userId)) return null;
    if (typeof value.at !== 'string') return null;
    const position = typeof value.position === 'string' ? value.position : null;
    return { userId: value.userId, at: value.at, position };
  } catch {
    return null;
  }
}
