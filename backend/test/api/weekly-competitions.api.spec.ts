import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { WeeklyCompetitions } from '../../src/application/community/weekly-competitions';
import { rebuildReadModels } from '../../src/cli/rebuild-read-models';
import { loadConfig } from '../../src/config/config';
import { eventsOf, outbox } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { DAY_MS, TestClock } from '../support/test-clock';

const ENV = { UPLOAD_LIMIT_PER_HOUR: '100000' };

/** Polls a read until it answers what the test waits for (no fixed sleeps). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('weekly competitions', () => {
  // Wednesday of ISO week 2026-W47 (16 to 22 November 2026).
  const clock = new TestClock(new Date('2026-11-18T12:00:00Z'));
  const dataDir = mkdtempSync(join(tmpdir(), 'weekly-'));
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(ENV, dataDir, { clock });
  });
  afterAll(() => app.close());

  it('closes a week missed while the app was down, at the next start, with its top 5 frozen', async () => {
    const author = await verifiedUser(app);
    const voter = await verifiedUser(app);
    const posts: string[] = [];
    for (let i = 0; i < 6; i += 1) posts.push(await publishPost(app, author));
    // Give the last post a perfect community score: it leads the week.
    await voter.agent.post('/api/ratings/submit').send({ postId: posts[5], overallScore: 10 });

    const weekly = (await request(app.server).get('/api/leaderboard/weekly').expect(200)).body;
    expect(weekly).toHaveLength(6);
    expect(weekly[0]).toMatchObject({ id: posts[5], rank: 1 });
    await request(app.server).get('/api/leaderboard/weeks').expect(200, []);

    // Down over the weekend, back on Tuesday of the next week.
    await app.app.close();
    clock.advance(6 * DAY_MS);
    app = await startTestApp(ENV, dataDir, { clock });

    type Week = { winners: { rank: number; postId: string }[] } & Record<string, unknown>;
    const weeks = await until(
      async () =>
        (await request(app.server).get('/api/leaderboard/weeks').expect(200)).body as Week[],
      (body) => body.length > 0,
    );
    expect(weeks).toHaveLength(1);
    expect(weeks[0]).toMatchObject({
      week: '2026-W47',
      startsAt: '2026-11-16T00:00:00.000Z',
      endsAt: '2026-11-23T00:00:00.000Z',
    });
    expect(weeks[0].winners).toHaveLength(5);
    expect(weeks[0].winners[0]).toMatchObject({
      rank: 1,
      postId: posts[5],
      userId: author.user.id,
      username: author.user.anonymousUsername,
    });
    expect(weeks[0].winners.map((w) => w.rank)).toEqual([1, 2, 3, 4, 5]);
    const week = (await request(app.server).get('/api/leaderboard/weeks/2026-W47').expect(200))
      .body;
    expect(week).toEqual(weeks[0]);

    // The new week's board starts empty.
    await request(app.server).get('/api/leaderboard/weekly').expect(200, []);

    // The winner hears about it (achievement mails are on by default).
    await until(
      () => outbox(app),
      (mails) =>
        mails.some((m) => m.to === author.email && /placed 1st in 2026-W47/.test(m.subject)),
    );
  });

  it('never closes a week twice, whoever asks', async () => {
    const competitions = app.app.get(WeeklyCompetitions);
    await Promise.all([competitions.closeDueWeeks(), competitions.closeDueWeeks()]);
    expect(await competitions.closeDueWeeks()).toEqual([]);
    const events = await eventsOf(app, 'week-2026-W47');
    expect(events.map((e) => e.type)).toEqual(['WeeklyCompetitionClosed']);
    expect(events[0].metadata.actor).toEqual({ type: 'system', id: 'weekly-competitions' });
  });

  it('answers 404 for a week that is not closed and 400 for a name that is no week', async () => {
    await request(app.server).get('/api/leaderboard/weeks/2026-W48').expect(404);
    const bad = await request(app.server).get('/api/leaderboard/weeks/2026-W54').expect(400);
    expect(bad.body).toEqual({ message: 'A week is written like 2026-W47' });
  });

  it('reproduces every archive byte for byte after a rebuild of the read models', async () => {
    // Votes after the close change the live post, never the archive.
    const before = (await request(app.server).get('/api/leaderboard/weeks').expect(200)).text;
    const winner = JSON.parse(before)[0].winners[0].postId as string;
    const lateVoter = await verifiedUser(app);
    await lateVoter.agent.post('/api/ratings/submit').send({ postId: winner, overallScore: 0 });
    expect((await request(app.server).get('/api/leaderboard/weeks')).text).toBe(before);

    await app.app.close();
    await rebuildReadModels(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));

    app = await startTestApp(ENV, dataDir, { clock });
    expect((await request(app.server).get('/api/leaderboard/weeks').expect(200)).text).toBe(before);
  });
});
