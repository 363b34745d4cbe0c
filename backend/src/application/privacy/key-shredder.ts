import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RecordedEvent } from '../../domain/shared/event';
import { ERASURE_EVENT } from '../../domain/shared/personal-data';
import { EVENT_STORE, type EventStore, type Subscription } from '../ports/event-store.port';
import { PERSONAL_DATA_KEYS, type PersonalDataKeys } from '../ports/personal-data-keys.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';

const CHECKPOINT = 'reactor:key-shredder';

/**
 * Makes sure that every account erased in the log has its key destroyed. The erasure destroys
 * the key itself right after recording `AccountErased`; should its process stop in between,
 * this finds the event in the log and finishes the job (destroying a key twice is harmless).
 * Runs beside the projections, under their lease, from a checkpoint of its own. Without one (a
 * first start, or after a rebuild, which drops checkpoints) it reads the whole log: so after a
 * key store is restored from a backup, a rebuild is enough to destroy again every key whose
 * account was erased since that backup was taken.
 */
@Injectable()
export class KeyShredder {
  private readonly logger = new Logger('KeyShredder');
  private subscription: Subscription | null = null;
  private running = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private sinceCheckpoint = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
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
    const after = (await this.readStore.getCheckpoint(CHECKPOINT)) ?? undefined;
    this.subscription = this.eventStore.subscribeToAll(
      { after },
      (event) => this.handle(event),
      (error) => this.recover(error),
    );
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (event.type === ERASURE_EVENT) {
      const userId = (event.data as { userId?: unknown } | null)?.userId;
      if (typeof userId === 'string') await this.keys.destroy(userId);
      await this.saveCheckpoint(event.position);
    } else if (++this.sinceCheckpoint >= 500) {
      await this.saveCheckpoint(event.position);
    }
  }

  private async saveCheckpoint(position: bigint) {
    this.sinceCheckpoint = 0;
    await this.readStore.commit([], { name: CHECKPOINT, position });
  }

  private recover(error: unknown) {
    this.logger.error('Key shredder subscription stopped; resuming from its checkpoint', error);
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
