import { Writable } from 'node:stream';

export type LogLine = Record<string, unknown> & { msg?: string; requestId?: string };

/**
 * A log destination in memory, for a test app started with `{ logDestination: log.stream }`
 * (and `LOG_LEVEL` as low as the test needs): every line the app writes, raw and parsed.
 */
export class LogCapture {
  private readonly chunks: string[] = [];
  readonly stream = new Writable({
    write: (chunk: Buffer | string, _encoding, done) => {
      this.chunks.push(String(chunk));
      done();
    },
  });

  /** Everything written, as written. */
  text(): string {
    return this.chunks.join('');
  }

  lines(): LogLine[] {
    return this.text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  }

  /**
   * The first line that matches, once written: a request's line is written when its answer
   * completes, which the client may see a moment before. Gives up after a few turns of the
   * event loop with a message showing what was written.
   */
  async line(matches: (line: LogLine) => boolean): Promise<LogLine> {
    for (let turn = 0; turn < 200; turn++) {
      const found = this.lines().find(matches);
      if (found) return found;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`No such log line in:\n${this.text()}`);
  }
}
