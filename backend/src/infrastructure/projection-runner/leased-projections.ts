import type { SubscriberProgress } from '../../application/ports/checkpointed-subscription';
import type { ReadStore } from '../../application/ports/read-store.port';
import type { ProjectionRunner } from './projection-runner';

/** Work that runs beside the projections, in the one process that holds their lease. */
export interface LeasedWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A reactor's subscription, for its lag in the metrics. */
  readonly progress?: SubscriberProgress;
}

export interface LeaseOptions {
  /** Unique per process, e.g. host, pid and a random part. */
  holder: string;
  name?: string;
  ttlMs?: number;
  renewEveryMs?: number;
  logger?: Pick<Console, 'log' | 'warn' | 'error'>;
  /**
   * Reactors and schedulers started once the projections have caught up with the log (so they
   * act on current read models), and stopped before the projections stop.
   */
  companions?: readonly LeasedWorker[];
  /** Resolves once the runner has projected the log as it was when this was called. */
  caughtUp?: () => Promise<unknown>;
  /**
   * Whether an online rebuild was asked for (`npm run projections:rebuild` against a running
   * site), taking the request up: checked at each renewal by the holder, which then starts one.
   */
  rebuildRequested?: () => Promise<boolean>;
}

/**
 * Runs the projections only while this process holds the lease, so one worker projects at a
 * time however many are started. A worker that stops cleanly hands over at once; one that dies
 * hands over when its lease expires (`ttlMs`). A worker that cannot renew stops projecting
 * before its lease can run out, so two workers overlap only if one is frozen for longer than
 * the time between renewals and expiry.
 */
export class LeasedProjections {
  private readonly name: string;
  private readonly ttlMs: number;
  private readonly renewEveryMs: number;
  private readonly logger: Pick<Console, 'log' | 'warn' | 'error'>;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private running = false;
  private closed = false;
  private companionsStarted: Promise<void> = Promise.resolve();
  private readonly companions: LeasedWorker[];

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly readStore: ReadStore,
    private readonly options: LeaseOptions,
  ) {
    this.name = options.name ?? 'projections';
    this.ttlMs = options.ttlMs ?? 15_000;
    this.renewEveryMs = options.renewEveryMs ?? Math.floor(this.ttlMs / 3);
    this.logger = options.logger ?? console;
    this.companions = [...(options.companions ?? [])];
  }

  /**
   * A worker to start beside the projections (after the ones already added), once they have
   * caught up; each bounded context adds its own while the app is wired, before `start`.
   */
  addCompanion(worker: LeasedWorker): void {
    this.companions.push(worker);
  }

  /** The runner while this process projects, for read-your-writes; null otherwise. */
  get activeRunner(): ProjectionRunner | null {
    return this.running ? this.runner : null;
  }

  /** The subscriptions this process runs now (none without the lease), for their lag. */
  subscribers(): SubscriberProgress[] {
    if (!this.running) return [];
    const reactors = this.companions.flatMap((worker) =>
      worker.progress ? [worker.progress] : [],
    );
    return [this.runner.progress, ...reactors].filter((progress) => progress.running);
  }

  async start(): Promise<void> {
    this.closed = false;
    // Before the lease: an index build that outlasts it would otherwise let a standby project too.
    await this.runner.prepare();
    await this.tick();
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tick());
    }, this.renewEveryMs);
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    const held = this.running;
    if (held) {
      this.running = false;
      // The runner first: its stop releases a companion still waiting for the catch-up.
      // Each finishes the batch it is on and stores its checkpoint.
      await this.runner.stop();
      await this.stopCompanions();
    }
    try {
      // Released at once, so a standby takes over at its next renewal, not at the expiry.
      await this.readStore.releaseLease(this.name, this.options.holder);
      if (held) this.logger.log(`Projections lease released by ${this.options.holder}`);
    } catch (error) {
      this.logger.warn(
        `Could not release the projections lease (a standby takes over when it expires): ${String(error)}`,
      );
    }
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    let held: boolean;
    try {
      held = await this.readStore.acquireLease(this.name, this.options.holder, this.ttlMs);
    } catch (error) {
      // Cannot tell whether the lease is still ours: stop rather than risk a second projector.
      this.logger.error('Could not renew the projections lease', error);
      held = false;
    }
    if (this.closed) return;
    if (held && !this.running) {
      this.logger.log(`Projections lease taken by ${this.options.holder}`);
      this.running = true;
      await this.runner.start();
      // Not awaited: catching up with a long log must not hold up the start of the app.
      this.companionsStarted = this.startCompanions();
    } else if (held && this.options.rebuildRequested) {
      try {
        if (await this.options.rebuildRequested()) {
          this.logger.log('Rebuild of the read models asked for; building beside the live ones');
          void this.runner.startRebuild();
        }
      } catch (error) {
        this.logger.error('Could not read whether a rebuild was asked for', error);
      }
    } else if (!held && this.running) {
      this.logger.warn(`Projections lease lost by ${this.options.holder}; projecting stops here`);
      this.running = false;
      // The runner first: its stop releases a companion still waiting for the catch-up.
      await this.runner.stop();
      await this.stopCompanions();
    }
  }

  /** Each on its own: one that fails to start keeps none after it from starting. */
  private async startCompanions(): Promise<void> {
    const companions = [...this.companions];
    if (companions.length === 0) return;
    try {
      await this.options.caughtUp?.();
    } catch (error) {
      this.logger.error('The projections did not catch up before their workers started', error);
    }
    for (const companion of companions) {
      if (!this.running) return;
      try {
        await companion.start();
      } catch (error) {
        this.logger.error('A worker beside the projections failed to start', error);
      }
    }
  }

  private async stopCompanions(): Promise<void> {
    await this.companionsStarted;
    for (const companion of [...this.companions].reverse()) {
      await companion.stop().catch((error: unknown) => {
        this.logger.error('A worker beside the projections failed to stop', error);
      });
    }
  }
}
