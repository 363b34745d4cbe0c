import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RecordedEvent } from '../../domain/shared/event';
import { ERASURE_EVENT } from '../../domain/shared/personal-data';
import { EVENT_STORE, type EventStore, type Subscription } from '../ports/event-store.port';
import { PERSONAL_DATA_KEYS, type PersonalDataKeys } from '../ports/personal-data-keys.port';

/** The position is recorded at least this often while nothing is erased. */
const RECORD_EVERY = 500;
/** Recorded for a new key store beside an empty log: read it from its very first event. */
const LOG_START = -1n;

/**
 * Makes sure that every account erased in the log has its key destroyed. The erasure destroys
 * the key itself right after recording `AccountErased`; should its process stop in between,
 * this finds the event in the log and finishes the job (destroying a key twice is harmless).
 *
 * Its position in the log is kept in the key store itself (`erasedUpTo`), not with the read
 * models: a rebuild leaves it alone, and a key store restored from a backup comes back with the
 * position of that backup, so every erasure recorded since is applied again. A key store that
 * never had one (a new one) starts at the head of the log: it holds no key of anyone erased
 * before.
 *
 * Runs beside the projections, under their lease.
 */
@Injectable()
export class KeyShredder {
  private readonly logger = new Logger('KeyShredder');
  private subscription: Subscription | null = null;
  private running = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private sinceRecorded = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    await this.subscribe();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    await this.subscription?.stop();
    this.subscription = null;
  }

  private async subscribe(): Promise<void> {
    let after = await this.keys.erasedUpTo();
    if (after === null) {
      after = (await this.eventStore.headPosition()) ?? LOG_START;
      await this.keys.recordErasedUpTo(after);
    }
    this.subscription = this.eventStore.subscribeToAll(
      { after: after === LOG_START ? undefined : after },
      (event) => this.handle(event),
      (error) => this.recover(error),
    );
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (event.type === ERASURE_EVENT) {
      const userId = (event.data as { userId?: unknown } | null)?.userId;
      if (typeof userId === 'string') await this.keys.destroy(userId);
      await this.record(event.position);
    } else if (++this.sinceRecorded >= RECORD_EVERY) {
      await this.record(event.position);
    }
  }

  private async record(position: bigint) {
    this.sinceRecorded = 0;
    await this.keys.recordErasedUpTo(position);
  }

  private recover(error: unknown) {
    this.logger.error('Key shredder subscription stopped; resuming from its position', error);
    const failed = this.subscription;
    this.subscription = null;
    void failed?.stop().catch(() => undefined);
    if (!this.running || this.restartTimer) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (!this.running) return;
      this.subscribe().catch((failure: unknown) => this.recover(failure));
    }, 1000);
  }
}
