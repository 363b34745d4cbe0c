import { LeasedSweep } from './leased-sweep';

/** A sweep whose one step waits on `wait`, recording what the wait gave it. */
class WaitingSweep extends LeasedSweep<string> {
  gave: unknown[] = [];
  constructor(private readonly wait: () => Promise<string>) {
    super('WaitingSweep');
  }
  protected async sweepOnce(): Promise<string> {
    const got = await this.unlessStopped(this.wait());
    this.gave.push(got);
    return got ?? 'stopped';
  }
}

describe('LeasedSweep.unlessStopped', () => {
  it('given a wait that ends, when the sweep runs, then the sweep gets what it gave', async () => {
    const sweep = new WaitingSweep(() => Promise.resolve('projected'));
    await sweep.start();
    expect(sweep.gave).toEqual(['projected']);
  });

  it('given a wait that never ends, when the sweep is stopped, then the stop ends it at once', async () => {
    const sweep = new WaitingSweep(() => new Promise<string>(() => {}));
    const started = sweep.start();
    await sweep.stop();
    await started;
    expect(sweep.gave).toEqual([undefined]);
  });

  it('given a sweep stopped and started again, when its wait never ends, then a second stop ends it too', async () => {
    const sweep = new WaitingSweep(() => new Promise<string>(() => {}));
    const first = sweep.start();
    await sweep.stop();
    await first;
    const second = sweep.start();
    await sweep.stop();
    await second;
    expect(sweep.gave).toEqual([undefined, undefined]);
  });
});
