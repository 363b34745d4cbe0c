import type { EventEmitter } from 'node:events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { EventHandler, Subscription } from '../../application/ports/event-store.port';

/** What a catch-up subscription reads from: pages of the log and a signal that it grew. */
export interface PolledLog {
  /** The next events after a position (from the start when undefined), in order. */
  readPage(after: bigint | undefined): RecordedEvent[];
  /** The most events a page holds: a full page means more may follow at once. */
  pageSize: number;
  /** Emits 'append' when this process appended; other processes' appends are polled for. */
  appended: EventEmitter;
  pollIntervalMs: number;
  isClosed(): boolean;
}

/**
 * A catch-up subscription to the whole log: hands the handler every event after `after`, one at
 * a time and in order, then waits for news (woken by this process's appends, polling for other
 * processes'). A failing handler stops it and reports to `onError`. After a page that ended at the
 * head of the log it reads again only when this process has appended since or the poll comes, so
 * a subscription reads the log once per append it is told of, not twice.
 *
 * While it catches up (a full page read), it lets the event loop turn between two pages: the
 * handlers of most events answer at once, so without that turn a catch-up over a long log runs
 * as one chain of microtasks, and the server answers no request until it ends.
 */
export function pollingSubscription(
  source: PolledLog,
  after: bigint | undefined,
  handler: EventHandler,
  onError?: (error: unknown) => void,
): Subscription {
  let stopped = false;
  let checkpoint = after;
  let wake: (() => void) | null = null;
  /** Whether this process appended since the last page was read. */
  let news = false;
  const onAppend = () => {
    news = true;
    wake?.();
  };
  source.appended.on('append', onAppend);

  const waitForNews = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, source.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const loop = async () => {
    let atHead = false;
    while (!stopped && !source.isClosed()) {
      if (atHead) {
        atHead = false;
        await waitForNews();
        continue;
      }
      news = false;
      const page = source.readPage(checkpoint);
      if (page.length === 0) {
        await waitForNews();
        continue;
      }
      for (const event of page) {
        if (stopped) return;
        await handler(event);
        checkpoint = event.position;
      }
      if (page.length >= source.pageSize) await new Promise((resolve) => setImmediate(resolve));
      // A short page ended at the head of the log: unless this process has appended since, the
      // next page is empty (another process's appends come with the next poll).
      else atHead = !news;
    }
  };

  const running = loop()
    .catch((error: unknown) => {
      stopped = true;
      onError?.(error);
    })
    .finally(() => source.appended.off('append', onAppend));

  return {
    stop: async () => {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
