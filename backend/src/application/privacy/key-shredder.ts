import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RecordedEvent } from '../../domain/shared/event';
import { ERASURE_EVENT } from '../../domain/shared/personal-data';
import {
  CheckpointedSubscription,
  type SubscriberProgress,
} from '../ports/checkpointed-subscription';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { PERSONAL_DATA_KEYS, type PersonalDataKeys } from '../ports/personal-data-keys.port';

/**
 * Makes sure every account erased in the log has its key destroyed, should the erasure's process
 * stop between `AccountErased` and destroying it (twice is harmless). Its position is kept in the
 * key store itself (`erasedUpTo`), not with the read models: a rebuild leaves it alone, and a key
 * store restored from a backup comes back with that backup's position, so every erasure since is
 * applied again. A new key store starts at the log's head: it holds no key of anyone erased before.
 */
@Injectable()
export class KeyShredder {
  private readonly logger = new Logger('KeyShredder');
  private readonly subscription: CheckpointedSubscription;

  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(PERSONAL_DATA_KEYS) private readonly keys: PersonalDataKeys,
  ) {
    this.subscription = new CheckpointedSubscription(eventStore, ([event]) => this.handle(event), {
      name: 'Key shredder subscription',
      // Kept with the keys, not with the read models (see above).
      checkpoint: {
        load: () => keys.erasedUpTo(),
        save: (position) => keys.recordErasedUpTo(position),
      },
      from: 'head',
      recordHead: true,
      logger: this.logger,
    });
  }

  /** How far it has read the log (its lag, in the metrics). */
  get progress(): SubscriberProgress {
    return this.subscription;
  }

  start(): Promise<void> {
    return this.subscription.start();
  }

  stop(): Promise<void> {
    return this.subscription.stop();
  }

  /** Destroys an erased account's key; the position is then recorded at once. */
  private async handle(event: RecordedEvent): Promise<[] | null> {
    if (event.type !== ERASURE_EVENT) return null;
    const userId = (event.data as { userId?: unknown } | null)?.userId;
    if (typeof userId === 'string') await this.keys.destroy(userId);
    return [];
  }
}
