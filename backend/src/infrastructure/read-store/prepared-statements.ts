import type Database from 'better-sqlite3';

/**
 * Prepared statements by their SQL, the most recently used kept: queries are made from the
 * filters' shapes, so a few hundred cover every query the app asks.
 */
export class PreparedStatements {
  private readonly kept = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    private readonly most: number,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  get(sql: string): Database.Statement {
    let statement = this.kept.get(sql);
    if (statement) {
      // Most recently used last.
      this.kept.delete(sql);
      this.kept.set(sql, statement);
      return statement;
    }
    statement = this.db.prepare(sql);
    this.kept.set(sql, statement);
    if (this.kept.size > this.most) this.kept.delete(this.kept.keys().next().value!);
    return statement;
  }
}
