import type { RecordedEvent } from '../../domain/shared/event';
import type { WalSync } from '../sqlite/wal-sync';

/**
 * The events this process has committed whose write-ahead log is not yet on the disk: reads see
 * them at once, subscriptions only once flushed, so that no projection or reactor acts on an event
 * a power cut could still take back. Commits are flushed in the order they were made.
 */
export class UnflushedEvents {
  /** The first position of each commit not yet flushed, oldest first. */
  private readonly firsts: bigint[] = [];

  constructor(private readonly walSync: WalSync) {}

  /**
   * Resolves once the log holding a commit is on the disk; `first` is the position of the first
   * event it wrote (null when it wrote none). Should the flush fail, its events stay held back.
   */
  async flushed(first: bigint | null): Promise<void> {
    if (first === null) return this.walSync.synced();
    this.firsts.push(first);
    await this.walSync.synced();
    this.firsts.splice(this.firsts.indexOf(first), 1);
  }

  /** A page of the log without the events of the oldest commit not yet flushed, nor any later. */
  visible(page: RecordedEvent[]): RecordedEvent[] {
    const limit = this.firsts[0];
    if (limit === undefined || page.length === 0 || page[page.length - 1].position < limit) {
      return page;
    }
    return page.filter((event) => event.position < limit);
  }
}
