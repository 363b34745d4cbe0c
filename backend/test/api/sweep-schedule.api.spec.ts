import { SchedulerRegistry } from '@nestjs/schedule';
import { startTestApp, type TestApp } from '../support/test-app';
import { until } from '../support/until';

const SWEEPS = ['boost-expiry-sweep', 'post-digest-sweep'];

describe('the boost expiry and post digest sweeps', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close().catch(() => undefined);
  });

  it('given the app holds the projections’ lease, when it runs, then both sweeps are on the app’s scheduler', async () => {
    app = await startTestApp({ NOTIFICATION_SWEEP_SECONDS: '30' });
    const schedule = app.app.get(SchedulerRegistry);
    await until(() => SWEEPS.every((name) => schedule.getIntervals().includes(name)));
  });

  it('given both sweeps are scheduled, when the app closes, then neither is left running', async () => {
    app = await startTestApp({ NOTIFICATION_SWEEP_SECONDS: '30' });
    const schedule = app.app.get(SchedulerRegistry);
    await until(() => SWEEPS.every((name) => schedule.getIntervals().includes(name)));
    await app.app.close();
    expect(schedule.getIntervals().filter((name) => SWEEPS.includes(name))).toEqual([]);
  });

  it('given the digest sweep is switched off, when the app runs, then only the expiry sweep is scheduled', async () => {
    app = await startTestApp({ NOTIFICATION_SWEEP_SECONDS: '0' });
    const schedule = app.app.get(SchedulerRegistry);
    await until(() => schedule.getIntervals().includes('boost-expiry-sweep'));
    expect(schedule.getIntervals()).not.toContain('post-digest-sweep');
  });
});
