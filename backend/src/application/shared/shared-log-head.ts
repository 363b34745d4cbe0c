import { AsyncResource } from 'node:async_hooks';

/** How long one read of the log's head answers every probe that asks after it. */
export const LOG_HEAD_SHARED_MS = 5000;

/**
 * The log's head as the readiness probe reports it, read at most once per `sharedMs` for the
 * process: on EventStoreDB it is a read of `$all` backwards past the server's own events, which a
 * probe per second per replica would repeat. A failed read is not kept, so readiness still reports
 * an unreachable log within `sharedMs`. The read runs in this object's async context, not the
 * probe's that started it.
 */
export class SharedLogHead {
  private value: bigint | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<bigint | null> | null = null;
  private readonly startRead = AsyncResource.bind(() => this.readOnce());

  constructor(
    private readonly read: () => Promise<bigint | null>,
    private readonly sharedMs = LOG_HEAD_SHARED_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  current(): Promise<bigint | null> {
    if (this.now() - this.readAt < this.sharedMs) return Promise.resolve(this.value);
    return this.startRead();
  }

  private readOnce(): Promise<bigint | null> {
    this.reading ??= this.read()
      .then((head) => {
        this.value = head;
        this.readAt = this.now();
        return head;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }
}
