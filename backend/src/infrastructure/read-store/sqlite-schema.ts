import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { IndexSpec } from '../../application/ports/read-store.port';

/** A name quoted for SQL as an identifier (a table's, a column's, an index's). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A string quoted for SQL as a literal. */
function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The JSON path of a document field (`author.name` → `$."author"."name"`). */
function jsonPath(field: string): string {
  return (
    '$' +
    field
      .split('.')
      .map((part) => `.${ident(part)}`)
      .join('')
  );
}

/**
 * A field's value as SQLite orders it in MongoDB's order: null and missing become -Infinity
 * (JSON cannot hold it, so no real value is taken for them), below every number; numbers; then
 * strings (SQLite orders text after numbers); then false and true as the blobs 00 and 01 (blobs
 * after text). A document or an array is its JSON text: a field a collection sorts or indexes by
 * holds a scalar (an array is a `terms` index's).
 */
export function keyExpression(field: string, body = 'body'): string {
  const path = literal(jsonPath(field));
  return (
    `(CASE coalesce(json_type(${body}, ${path}), 'null') ` +
    `WHEN 'null' THEN -9e999 WHEN 'true' THEN x'01' WHEN 'false' THEN x'00' ` +
    `ELSE json_extract(${body}, ${path}) END)`
  );
}

/** A JavaScript value bound as `keyExpression` stores it (undefined and null alike). */
export function keyValue(value: unknown): unknown {
  if (value === null || value === undefined) return -Infinity;
  if (value === true) return TRUE_KEY;
  if (value === false) return FALSE_KEY;
  return value;
}

const TRUE_KEY = Buffer.from([1]);
const FALSE_KEY = Buffer.from([0]);

/*
 * Strings as the stores keep them. UTF-8 has no place for a lone surrogate half: MongoDB's BSON
 * writes U+FFFD for one, and so does this store, in documents and in bound strings alike. (Left
 * to themselves they disagree: a document's JSON escape reaches SQLite's JSON functions as the
 * half's own bytes, while newer Nodes bind a string holding one with U+FFFD in its place.)
 */

/** The parameters with every string well formed. */
export function wellFormedParams(params: readonly unknown[]): unknown[] {
  return params.map((param) => (typeof param === 'string' ? param.toWellFormed() : param));
}

/** JSON.stringify escapes a lone surrogate half so (a false alarm only costs a second pass). */
const LONE_HALF_ESCAPE = /\\u[dD][89abcdefABCDEF]/;

/** A document's JSON, its strings well formed. */
export function documentJson(document: object): string {
  const json = JSON.stringify(document);
  if (!LONE_HALF_ESCAPE.test(json)) return json;
  return JSON.stringify(document, (_key, value: unknown) =>
    typeof value === 'string' ? value.toWellFormed() : value,
  );
}

/** Whether `keyValue` can bind this value (a JSON scalar). */
export function isKeyScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** The column of a collection's table that holds a field's key (`keyExpression`). */
export function keyColumn(field: string): string {
  return ident(`k:${field}`);
}

/** How a collection's documents are laid out in the file: its table and its terms tables. */
export interface CollectionTables {
  /** The documents: `id` (unique), `body` (JSON), a generated key column per indexed field. */
  table: string;
  /** The collection whose documents it holds (live or not). */
  collection: string;
  /** The indexed fields, with a key column each. */
  keys: Set<string>;
  /** The fields under a terms index, each with its table of (term, id). */
  terms: Map<string, string>;
  /** The fields under a text index, with its trigram table (one per collection). */
  text: { fields: Set<string>; table: string } | null;
  /** The index specs declared, by signature. */
  specs: Map<string, IndexSpec>;
}

/** An index spec's signature: the same keys (in order) and kind are the same index. */
export function specSignature(spec: IndexSpec): string {
  return JSON.stringify([spec.keys, spec.terms === true, spec.text === true]);
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** The fields an index keeps in key columns (none for a terms or a text index). */
function keyFields(spec: IndexSpec): string[] {
  if (spec.terms || spec.text) return [];
  return Object.keys(spec.keys).filter((field) => field !== '_id');
}

/**
 * The tables of the read models in one SQLite file, made as their collections are first written
 * or declared, and known from the file at start (`model_tables`, `model_indexes`). Each
 * collection's live table is named in `live_tables`: `c:posts` at first, a rebuild's fresh copy
 * (`c:posts@<stamp>`) once swapped in (`setLive`). A swap changes rows, never a table's name:
 * renaming tables makes SQLite parse its whole schema again, once per table.
 */
export class SqliteSchema {
  private readonly collections = new Map<string, CollectionTables>();
  /** Goes up at every change of the tables (a statement prepared before may name a gone one). */
  version = 0;
  /** `indexName`'s answers, forgotten at every change of the schema. */
  private readonly indexNames = new Map<string, string | null>();
  /** Each collection's live table (`live_tables`). */
  private readonly live = new Map<string, string>();

  constructor(private readonly db: Database.Database) {
    const namedLive =
      db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'live_tables'")
        .get() !== undefined;
    db.exec(`
      CREATE TABLE IF NOT EXISTS live_tables (
        collection TEXT PRIMARY KEY, tbl TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS model_tables (
        tbl TEXT PRIMARY KEY, collection TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS model_indexes (
        tbl TEXT NOT NULL, signature TEXT NOT NULL, spec TEXT NOT NULL,
        PRIMARY KEY (tbl, signature)
      ) WITHOUT ROWID;
    `);
    const tables = db
      .prepare<[], { tbl: string; collection: string }>('SELECT tbl, collection FROM model_tables')
      .all();
    for (const { tbl, collection } of tables) {
      this.collections.set(tbl, this.emptyTables(tbl, collection));
    }
    const specs = db
      .prepare<[], { tbl: string; signature: string; spec: string }>(
        'SELECT tbl, signature, spec FROM model_indexes',
      )
      .all();
    for (const { tbl, signature, spec } of specs) {
      const tables = this.collections.get(tbl);
      if (tables) this.remember(tables, signature, JSON.parse(spec) as IndexSpec);
    }
    // A file from before `live_tables`: the live table was the one named `c:<collection>`.
    if (!namedLive) {
      db.exec(
        "INSERT OR IGNORE INTO live_tables (collection, tbl) SELECT collection, tbl FROM model_tables WHERE tbl = 'c:' || collection",
      );
    }
    const live = db
      .prepare<[], { collection: string; tbl: string }>('SELECT collection, tbl FROM live_tables')
      .all();
    for (const { collection, tbl } of live) this.live.set(collection, tbl);
  }

  /** The live table of a collection, or undefined when none was ever made. */
  liveTable(collection: string): string | undefined {
    return this.live.get(collection);
  }

  /**
   * The live table of a collection, made (empty, with the key columns of `indexes` stored, see
   * `ensure`) if there is none. Runs inside the caller's transaction.
   */
  liveTableMade(collection: string, indexes: readonly IndexSpec[] = []): string {
    const known = this.live.get(collection);
    if (known) return known;
    let table = `c:${collection}`;
    if (this.collections.has(table)) table = `${table}@${uniqueStamp()}`;
    this.ensure(table, collection, indexes);
    this.setLive(collection, table);
    return table;
  }

  /** Makes `table` the live table of `collection`. Runs inside the caller's transaction. */
  setLive(collection: string, table: string): void {
    this.changed();
    this.db
      .prepare(
        'INSERT INTO live_tables (collection, tbl) VALUES (?, ?) ' +
          'ON CONFLICT (collection) DO UPDATE SET tbl = excluded.tbl',
      )
      .run(collection, table);
    this.live.set(collection, table);
  }

  /** Whether the table is a collection's live one. */
  isLive(table: string): boolean {
    const tables = this.collections.get(table);
    return tables !== undefined && this.live.get(tables.collection) === table;
  }

  /** A table's layout, or undefined when it was never made. */
  get(table: string): CollectionTables | undefined {
    return this.collections.get(table);
  }

  /** Every table made, with the collection each holds. */
  tables(): { table: string; collection: string }[] {
    return this.db
      .prepare<[], { tbl: string; collection: string }>('SELECT tbl, collection FROM model_tables')
      .all()
      .map(({ tbl, collection }) => ({ table: tbl, collection }));
  }

  /**
   * The table, made (empty) if it is not there yet, with the key columns of `indexes` stored:
   * each computed once as a row is written, so that building or keeping an index sorts values
   * instead of parsing every row's JSON per index. A key column added later, to a table already
   * made, is virtual (SQLite adds no stored column to a table). With `idsIndexedLater`, the ids'
   * unique index waits for `indexIds` (an offline rebuild's copy, whose rows are inserted once).
   */
  ensure(
    table: string,
    collection: string,
    indexes: readonly IndexSpec[] = [],
    idsIndexedLater = false,
  ): CollectionTables {
    const known = this.collections.get(table);
    if (known) return known;
    this.changed();
    const stored = [...new Set(indexes.flatMap(keyFields))].map(
      (field) => `, ${keyColumn(field)} GENERATED ALWAYS AS ${keyExpression(field)} STORED`,
    );
    this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${ident(table)} (
         rid INTEGER PRIMARY KEY, id TEXT NOT NULL${idsIndexedLater ? '' : ' UNIQUE'},
         body TEXT NOT NULL${stored.join('')}
       )`,
    );
    this.db
      .prepare('INSERT OR IGNORE INTO model_tables (tbl, collection) VALUES (?, ?)')
      .run(table, collection);
    const tables = this.emptyTables(table, collection);
    this.collections.set(table, tables);
    return tables;
  }

  /** The unique index of a table made with `idsIndexedLater`; fails if two rows share an id. */
  indexIds(table: string): void {
    this.db.exec(
      `CREATE UNIQUE INDEX IF NOT EXISTS ${ident(`u:${table}`)} ON ${ident(table)} (id)`,
    );
  }

  /** Declares an index on a table: its key columns, its SQLite index or its terms table. */
  declare(table: string, collection: string, spec: IndexSpec): void {
    this.changed();
    const tables = this.ensure(table, collection);
    const signature = specSignature(spec);
    if (tables.specs.has(signature)) return;
    const fields = Object.keys(spec.keys);
    const name = (kind: string) => ident(`${kind}:${table}:${shortHash(signature)}`);
    if (spec.text) {
      this.declareText(tables, fields, name);
    } else if (spec.terms) {
      const field = fields[0]!;
      const termsTable = `t:${table}:${field}`;
      const path = literal(jsonPath(field));
      const terms = `SELECT value, NEW.id FROM json_each(NEW.body, ${path}) WHERE type = 'text'`;
      const t = ident(termsTable);
      const target = ident(table);
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS ${t} (term TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (term, id))
          WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS ${name('ti')} ON ${t} (id);
        INSERT OR IGNORE INTO ${t} (term, id)
          SELECT j.value, d.id FROM ${target} d, json_each(d.body, ${path}) j WHERE j.type = 'text';
        CREATE TRIGGER IF NOT EXISTS ${name('tin')} AFTER INSERT ON ${target} BEGIN
          INSERT OR IGNORE INTO ${t} (term, id) ${terms};
        END;
        CREATE TRIGGER IF NOT EXISTS ${name('tup')} AFTER UPDATE OF body ON ${target} BEGIN
          DELETE FROM ${t} WHERE id = OLD.id;
          INSERT OR IGNORE INTO ${t} (term, id) ${terms};
        END;
        CREATE TRIGGER IF NOT EXISTS ${name('tdel')} AFTER DELETE ON ${target} BEGIN
          DELETE FROM ${t} WHERE id = OLD.id;
        END;
      `);
      tables.terms.set(field, termsTable);
    } else {
      for (const field of fields) this.addKeyColumn(tables, field);
      const columns = fields.map(
        (field) =>
          `${field === '_id' ? 'id' : keyColumn(field)} ${spec.keys[field] === -1 ? 'DESC' : 'ASC'}`,
      );
      if (!fields.includes('_id')) columns.push('id ASC');
      this.db.exec(
        `CREATE INDEX IF NOT EXISTS ${name('i')} ON ${ident(table)} (${columns.join(', ')})`,
      );
    }
    this.db
      .prepare('INSERT OR IGNORE INTO model_indexes (tbl, signature, spec) VALUES (?, ?, ?)')
      .run(table, signature, JSON.stringify(spec));
    this.remember(tables, signature, spec);
  }

  /** Drops a table and its terms tables (their indexes and triggers go with them). */
  drop(table: string): void {
    this.changed();
    const tables = this.collections.get(table);
    if (!tables) return;
    for (const termsTable of tables.terms.values()) {
      this.db.exec(`DROP TABLE IF EXISTS ${ident(termsTable)}`);
    }
    if (tables.text) this.db.exec(`DROP TABLE IF EXISTS ${ident(tables.text.table)}`);
    this.db.exec(`DROP TABLE IF EXISTS ${ident(table)}`);
    if (this.isLive(table)) {
      this.db.prepare('DELETE FROM live_tables WHERE collection = ?').run(tables.collection);
      this.live.delete(tables.collection);
    }
    this.db.prepare('DELETE FROM model_tables WHERE tbl = ?').run(table);
    this.db.prepare('DELETE FROM model_indexes WHERE tbl = ?').run(table);
    this.collections.delete(table);
  }

  /**
   * The SQLite name of a declared index, found by the spec's hash (a table an older release's
   * swap renamed kept the index names of the table they were made on).
   */
  indexName(table: string, spec: IndexSpec): string | null {
    const key = `${table}\n${specSignature(spec)}`;
    if (this.indexNames.has(key)) return this.indexNames.get(key)!;
    const row = this.db
      .prepare<[string, string], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE 'i:%' || ?",
      )
      .get(table, `:${shortHash(specSignature(spec))}`);
    this.indexNames.set(key, row?.name ?? null);
    return row?.name ?? null;
  }

  /** Forgets what this process knows after a transaction that changed the schema failed. */
  reload(): void {
    this.changed();
    this.collections.clear();
    this.live.clear();
    const fresh = new SqliteSchema(this.db);
    for (const [table, tables] of fresh.collections) this.collections.set(table, tables);
    for (const [collection, table] of fresh.live) this.live.set(collection, table);
  }

  /**
   * A contentless FTS5 table with the trigram tokenizer over the fields (case folded), one row
   * per document under the document's `rid`, kept by triggers. A collection has one: a second
   * text index declaration is refused.
   */
  private declareText(
    tables: CollectionTables,
    fields: readonly string[],
    name: (kind: string) => string,
  ): void {
    if (tables.text) throw new Error(`${tables.table} has a text index already`);
    const textTable = `f:${tables.table}`;
    const f = ident(textTable);
    const target = ident(tables.table);
    const columns = fields.map((field) => ident(field)).join(', ');
    const values = (row: string) =>
      fields.map((field) => `json_extract(${row}.body, ${literal(jsonPath(field))})`).join(', ');
    this.db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS ${f} USING fts5(
        ${columns}, tokenize = 'trigram', content = '', contentless_delete = 1
      );
      INSERT INTO ${f} (rowid, ${columns}) SELECT d.rid, ${values('d')} FROM ${target} d;
      CREATE TRIGGER IF NOT EXISTS ${name('fin')} AFTER INSERT ON ${target} BEGIN
        INSERT INTO ${f} (rowid, ${columns}) VALUES (NEW.rid, ${values('NEW')});
      END;
      CREATE TRIGGER IF NOT EXISTS ${name('fup')} AFTER UPDATE OF body ON ${target} BEGIN
        DELETE FROM ${f} WHERE rowid = OLD.rid;
        INSERT INTO ${f} (rowid, ${columns}) VALUES (NEW.rid, ${values('NEW')});
      END;
      CREATE TRIGGER IF NOT EXISTS ${name('fdel')} AFTER DELETE ON ${target} BEGIN
        DELETE FROM ${f} WHERE rowid = OLD.rid;
      END;
    `);
    tables.text = { fields: new Set(fields), table: textTable };
  }

  private addKeyColumn(tables: CollectionTables, field: string): void {
    if (field === '_id' || tables.keys.has(field)) return;
    const columns = this.db
      .prepare<[], { name: string }>(
        `SELECT name FROM pragma_table_xinfo(${literal(tables.table)})`,
      )
      .all();
    if (!columns.some((column) => column.name === `k:${field}`)) {
      this.db.exec(
        `ALTER TABLE ${ident(tables.table)} ADD COLUMN ${keyColumn(field)} ` +
          `GENERATED ALWAYS AS ${keyExpression(field)} VIRTUAL`,
      );
    }
    tables.keys.add(field);
  }

  /** A change of the tables: what was known of them (index names, prepared statements) is not. */
  private changed(): void {
    this.version += 1;
    this.indexNames.clear();
  }

  private emptyTables(table: string, collection: string): CollectionTables {
    return { table, collection, keys: new Set(), terms: new Map(), text: null, specs: new Map() };
  }

  private remember(tables: CollectionTables, signature: string, spec: IndexSpec): void {
    tables.specs.set(signature, spec);
    const fields = Object.keys(spec.keys);
    if (spec.text) {
      tables.text = { fields: new Set(fields), table: `f:${tables.table}` };
    } else if (spec.terms) {
      tables.terms.set(fields[0]!, `t:${tables.table}:${fields[0]}`);
    } else {
      for (const field of fields) if (field !== '_id') tables.keys.add(field);
    }
  }
}

/**
 * A file written by the release that kept every document in one `documents` table (and the
 * documents in memory): its rows move into their collections' tables, once; the indexes are
 * declared again at start, as always. Run inside a transaction (`inTransaction`).
 */
export function takeOverOneTable(
  db: Database.Database,
  schema: SqliteSchema,
  inTransaction: (work: () => void) => void,
): void {
  const old = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND (name = 'documents' OR name = 'indexes' OR name LIKE 'documents\\_%' ESCAPE '\\')",
    )
    .all()
    .map((row) => row.name);
  if (old.length === 0) return;
  inTransaction(() => {
    if (old.includes('documents')) {
      const collections = db
        .prepare<[], string>('SELECT DISTINCT collection FROM documents')
        .pluck()
        .all();
      for (const collection of collections) {
        const table = schema.liveTableMade(collection);
        db.prepare(
          `INSERT INTO ${ident(table)} (id, body) SELECT id, body FROM documents WHERE collection = ?`,
        ).run(collection);
      }
    }
    for (const name of old) db.exec(`DROP TABLE ${ident(name)}`);
  });
}

/** A suffix no other table of the file carries: the time, and a random part. */
export function uniqueStamp(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}
