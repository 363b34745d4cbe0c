import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CachedPersonalDataKeys } from './cached-personal-data-keys';
import { KeyWrapping } from './key-wrapping';
import { describePersonalDataKeysContract } from './personal-data-keys.contract';
import { SqlitePersonalDataKeys } from './sqlite-personal-data-keys';

const SECRET = 'test secret '.repeat(4);
const dir = mkdtempSync(join(tmpdir(), 'keys-'));
const file = join(dir, 'personal-data-keys.sqlite');

describePersonalDataKeysContract(
  'embedded SQLite',
  async () => new SqlitePersonalDataKeys(file, new KeyWrapping(SECRET)),
  async () => rmSync(dir, { recursive: true, force: true }),
);

describePersonalDataKeysContract(
  'embedded SQLite behind the in-memory cache',
  async () =>
    new CachedPersonalDataKeys(
      new SqlitePersonalDataKeys(join(dir, 'cached.sqlite'), new KeyWrapping(SECRET)),
    ),
);

describe('embedded SQLite key store at rest', () => {
  const wrappedKeyOf = (subject: string): Buffer => {
    const db = new Database(file, { readonly: true });
    try {
      const row = db
        .prepare<[string], { wrapped_key: Buffer }>(
          'SELECT wrapped_key FROM personal_data_keys WHERE subject_id = ?',
        )
        .get(subject);
      return row!.wrapped_key;
    } finally {
      db.close();
    }
  };
  const filesHold = (bytes: Buffer) =>
    [file, `${file}-wal`].some((path) => existsSync(path) && readFileSync(path).includes(bytes));

  it('stores keys wrapped, never the key itself', async () => {
    const keys = new SqlitePersonalDataKeys(file, new KeyWrapping(SECRET));
    try {
      const subject = randomUUID();
      const key = await keys.keyFor(subject);
      expect(filesHold(key)).toBe(false);
      expect(wrappedKeyOf(subject).equals(key)).toBe(false);
    } finally {
      await keys.close();
    }
  });

  it('leaves no copy of a destroyed key in the file or its write-ahead log, even while open', async () => {
    const keys = new SqlitePersonalDataKeys(file, new KeyWrapping(SECRET));
    try {
      const subject = randomUUID();
      await keys.keyFor(subject);
      const wrapped = wrappedKeyOf(subject);
      expect(filesHold(wrapped)).toBe(true);
      await keys.destroy(subject);
      expect(filesHold(wrapped)).toBe(false);
    } finally {
      await keys.close();
    }
  });

  it('opens no key with another app secret', async () => {
    const subject = randomUUID();
    const keys = new SqlitePersonalDataKeys(file, new KeyWrapping(SECRET));
    await keys.keyFor(subject);
    await keys.close();
    const other = new SqlitePersonalDataKeys(file, new KeyWrapping('another secret '.repeat(3)));
    try {
      await expect(other.find(subject)).rejects.toThrow();
    } finally {
      await other.close();
    }
  });
});
