import request from 'supertest';
import type { RegisteredUser } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { PROJECTION_RUNNER } from '../../src/modules/infrastructure.module';
import type { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import type { Schema } from '../support/api-types';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';
const METRICS_AUTH = `Bearer ${TOKEN}`;

describe('online rebuild of the read models', () => {
  let app: TestApp;
  let runner: ProjectionRunner;
  let owner: RegisteredUser;
  let member: RegisteredUser;

  beforeEach(async () => {
    app = await startTestApp({
      UPLOAD_LIMIT_PER_HOUR: '100000',
      METRICS_TOKEN: TOKEN,
      ...ROOMY_WRITE_LIMITS,
    });
    runner = app.app.get<ProjectionRunner>(PROJECTION_RUNNER);
    owner = await verifiedUser(app);
    member = await verifiedUser(app);
  });
  afterEach(() => app.close());

  const post = async (id: string) =>
    (await request(app.server).get(`/api/posts/${id}`).expect(200))
      .body as Schema<'PostPageResponse'>;
  const comments = async (id: string) =>
    (await request(app.server).get(`/api/posts/${id}/comments`).expect(200))
      .body as Schema<'CommentResponse'>[];
  const health = async () =>
    (await request(app.server).get('/api/health').set('Authorization', METRICS_AUTH).expect(200))
      .body as Required<Schema<'HealthResponse'>>;
  const metrics = async () =>
    (await request(app.server).get('/metrics').set('Authorization', METRICS_AUTH).expect(200)).text;

  it('given likes and comments acknowledged while the replay and the catch-up run, when the new read models swap in, then every write is in them and the live ones served each at once', async () => {
    const first = await publishPost(app, owner);
    const second = await publishPost(app, owner);
    const early = (
      await member.agent.post(`/api/posts/${first}/comments`).send({ text: 'Before' }).expect(201)
    ).body as Schema<'CommentResponse'>;
    const seen: string[] = [];
    let duringReplay: { comment: string; likedComment: string } | null = null;
    let duringCatchUp: { comment: string; post: string } | null = null;
    let healthMidway: Awaited<ReturnType<typeof health>> | null = null;
    let failed: unknown = null;

    await runner.startRebuild({
      afterPage: async (phase) => {
        await during(phase).catch((error: unknown) => void (failed ??= error));
      },
    });
    async function during(phase: 'replay' | 'catch-up') {
      seen.push(phase);
      if (phase === 'replay' && !duringReplay) {
        healthMidway = await health();
        await member.agent.post(`/api/posts/${first}/like`).expect(200);
        const comment = (
          await member.agent
            .post(`/api/posts/${second}/comments`)
            .send({ text: 'During the replay' })
            .expect(201)
        ).body as Schema<'CommentResponse'>;
        await owner.agent.post(`/api/comments/${early.id}/like`).expect(200);
        duringReplay = { comment: comment.id, likedComment: early.id };
        // The live read models answer each acknowledged write at once (read-your-writes).
        expect((await post(first)).likesCount).toBe(1);
        expect((await post(second)).commentsCount).toBe(1);
      } else if (phase === 'catch-up' && duringReplay && !duringCatchUp) {
        await member.agent.post(`/api/posts/${second}/like`).expect(200);
        const comment = (
          await owner.agent
            .post(`/api/posts/${first}/comments`)
            .send({ text: 'During the catch-up' })
            .expect(201)
        ).body as Schema<'CommentResponse'>;
        const fresh = await publishPost(app, member);
        duringCatchUp = { comment: comment.id, post: fresh };
        expect((await post(first)).commentsCount).toBe(2);
        expect((await post(second)).likesCount).toBe(1);
        expect((await post(second)).likesCount).toBe(1);
      }
    }

    expect(failed).toBeNull();
    expect(seen).toContain('replay');
    expect(seen).toContain('catch-up');
    expect(healthMidway!.rebuild.state).toBe('running');
    expect(healthMidway!.rebuild.replayed).toBeGreaterThan(0);
    expect(healthMidway!.rebuild.head).not.toBeNull();
    // After the swap: every acknowledged write, once each.
    expect(await post(first)).toMatchObject({ likesCount: 1, commentsCount: 2 });
    expect(await post(second)).toMatchObject({ likesCount: 1, commentsCount: 1 });
    expect((await comments(first)).map((c) => [c.text, c.likesCount])).toEqual([
      ['Before', 1],
      ['During the catch-up', 0],
    ]);
    expect((await comments(second)).map((c) => c.id)).toEqual([duringReplay!.comment]);
    await post(duringCatchUp!.post);
    const after = await health();
    expect(after.rebuild).toEqual({ state: 'idle', replayed: 0, head: null, etaSeconds: null });
    expect(BigInt(after.projected!)).toBe(await app.events.headPosition());
    // And the live projection goes on into the new read models.
    await owner.agent.post(`/api/posts/${second}/comments`).send({ text: 'After' }).expect(201);
    expect((await post(second)).commentsCount).toBe(2);
  });

  it('given a rebuild that fails, when it is over, then the live read models keep serving and being projected, and health and metrics say it failed', async () => {
    const id = await publishPost(app, owner);
    const writeRebuild = jest
      .spyOn(app.reads, 'writeRebuild')
      .mockRejectedValueOnce(new Error('disk full'));
    await runner.startRebuild({
      afterPage: async (phase) => {
        if (phase === 'replay') await member.agent.post(`/api/posts/${id}/like`).expect(200);
      },
    });
    writeRebuild.mockRestore();

    expect((await health()).rebuild).toEqual({
      state: 'failed',
      replayed: expect.any(Number),
      head: expect.any(String),
      etaSeconds: null,
    });
    expect(await metrics()).toMatch(/solescore_projections_rebuild_state\{state="failed"\} 1/);
    expect((await post(id)).likesCount).toBe(1);
    await member.agent.post(`/api/posts/${id}/comments`).send({ text: 'Still here' }).expect(201);
    expect((await post(id)).commentsCount).toBe(1);
  });

  it('given no rebuild, when the metrics are scraped, then they show it idle with no progress', async () => {
    const text = await metrics();
    expect(text).toMatch(/solescore_projections_rebuild_state\{state="idle"\} 1/);
    expect(text).toMatch(/solescore_projections_rebuild_events_replayed 0/);
    expect(text).toMatch(/solescore_projections_rebuild_eta_seconds -1/);
  });
});
