import { Inject, Injectable, Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { boostDecider, boostStreamId } from '../../domain/boost/boost.decider';
import { BOOSTS, type BoostDocument } from '../../projections/boosts/boosts.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { StreamWrites } from '../shared/stream-writes';

/** How often the worker looks for boosts that have run out. */
const EXPIRY_SWEEP_MS = 30_000;
const SWEEP_NAME = 'boost-expiry-sweep';
/** Boosts ended per sweep at most (the next sweep takes the rest). */
const DUE_AT_ONCE = 500;

/**
 * Ends boosts whose `expiresAt` has passed by appending BoostExpired. The worker beside the
 * projections sweeps every half minute; a board read sweeps first too (one index probe when
 * nothing is due), so a board never shows a run-out boost first even between sweeps, and the
 * cached board pages move on with the projection checkpoint the expiry advances.
 */
@Injectable()
export class BoostExpiry {
  private readonly logger = new Logger('BoostExpiry');
  private sweeping: Promise<number> | null = null;
  /**
   * What the last sweep saw: the projected position it read at, and the earliest expiry still
   * running then. Until the read models move or that time comes, nothing can be due, and a
   * board read skips the probe. (Any new application is an event, so it moves the position.)
   */
  private known: { position: bigint | null; nextDue: number } | null = null;

  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly schedule: SchedulerRegistry,
  ) {}

  /** The position the read models include now (after a sweep: its expiries included). */
  position(): Promise<bigint | null> {
    return this.writes.position();
  }

  /** Called by the process that holds the projections' lease; the app's scheduler runs it. */
  start(): Promise<void> {
    if (!this.schedule.doesExist('interval', SWEEP_NAME)) {
      const timer = setInterval(() => {
        this.expireDue().catch((error: unknown) => this.logger.error('Boost expiry failed', error));
      }, EXPIRY_SWEEP_MS);
      this.schedule.addInterval(SWEEP_NAME, timer);
    }
    return this.expireDue().then(() => undefined);
  }

  /** Called when the lease is lost or the app closes (the scheduler clears it on close too). */
  async stop(): Promise<void> {
    if (this.schedule.doesExist('interval', SWEEP_NAME)) this.schedule.deleteInterval(SWEEP_NAME);
    await this.sweeping?.catch(() => 0);
  }

  /**
   * Expires every boost due now and waits (bounded) until the read models show it; answers how
   * many it ended. Concurrent callers share one sweep.
   */
  expireDue(): Promise<number> {
    this.sweeping ??= this.sweep().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweep(): Promise<number> {
    const now = this.writes.now();
    const position = await this.writes.position();
    if (this.known && this.known.position === position && now.getTime() < this.known.nextDue) {
      return 0;
    }
    // The running boost that ends first says both whether any is due and, when none is, when
    // the next will be: a board read after a write pays one indexed probe of one document.
    const running = { status: 'active', expiresAt: { $ne: null } };
    const [first] = await this.readStore.find<BoostDocument>(BOOSTS, running, {
      sort: { expiresAt: 1 },
      limit: 1,
    });
    const nowIso = now.toISOString();
    if (!first?.expiresAt || first.expiresAt > nowIso) {
      const nextDue = first?.expiresAt ? Date.parse(first.expiresAt) : Number.POSITIVE_INFINITY;
      this.known = { position, nextDue: Number.isNaN(nextDue) ? 0 : nextDue };
      return 0;
    }
    const due = await this.readStore.find<BoostDocument>(
      BOOSTS,
      { status: 'active', expiresAt: { $ne: null, $lte: nowIso } },
      { sort: { expiresAt: 1 }, limit: DUE_AT_ONCE },
    );
    this.known = null;
    let seen: bigint | null = null;
    for (const boost of due) {
      const decided = await this.writes.decide(
        boostStreamId(boost._id),
        boostDecider,
        { type: 'ExpireBoost' },
        {
          actor: { type: 'system', id: 'boost-expiry' },
          now,
          correlationId: `boost-expiry-${boost._id}`,
          causationId: `boost-${boost._id}`,
        },
      );
      if (decided.streamPosition !== null && (seen === null || decided.streamPosition > seen)) {
        seen = decided.streamPosition;
      }
    }
    // Its own expiries, and one another caller appended (the boost is still listed as active):
    // the boost streams' last events say where, without asking for the log's head.
    await this.writes.settled(seen);
    return due.length;
  }
}
