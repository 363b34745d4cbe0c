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
 * A catch-up subscription to the whole log, woken by this process's appends and polling for
 * others'. After a page that ended at the head it reads again only when told of an append or at the
 * poll, so it reads the log once per append, not twice. While catching up it lets the event loop
 * turn between pages: most handlers answer at once, so a catch-up over a long log would otherwise
 * be one chain of microtasks, answering no request until it ends.
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
