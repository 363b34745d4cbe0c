import { Writable } from 'node:stream';

export type LogLine = Record<string, unknown> & { msg?: string; requestId?: string };

interface Waiter {
  matches: (line: LogLine) => boolean;
  found: (line: LogLine) => void;
}

/**
 * A log destination in memory, for a test app started with `{ logDestination: log.stream }`
 * (and `LOG_LEVEL` as low as the test needs): every line the app writes, raw and parsed.
 * One per test file: nestjs-pino keeps one logger per process for lines logged outside a
 * request, the first app's, so every app a file starts should write to the same capture.
 */
export class LogCapture {
  private readonly chunks: string[] = [];
  private readonly waiters = new Set<Waiter>();
  readonly stream = new Writable({
    write: (chunk: Buffer | string, _encoding, done) => {
      this.chunks.push(String(chunk));
      for (const waiter of this.waiters) {
        const found = this.lines().find(waiter.matches);
        if (found) {
          this.waiters.delete(waiter);
          waiter.found(found);
        }
      }
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
   * The first line that matches, as soon as it is written: a request's line is written when its
   * answer completes, which the client may see a moment before, and a mail's after the answer.
   */
  line(matches: (line: LogLine) => boolean): Promise<LogLine> {
    const found = this.lines().find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.add({ matches, found: resolve }));
  }
}
