import { randomUUID } from 'node:crypto';
import { verifiedUser } from './community';
import { postPublished } from './community-use-cases';
import { postLiked } from '../../src/application/community/testing/community-use-cases';
import {
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  NOT_A_PROMISE,
} from './api-specification';
import { startTestApp, type TestApp } from './test-app';

describe('API specification', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('given a post as its stream, when a member likes it, then the answer and the new like event', async () => {
    const [author, member] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();

    await apiSpec(app)
      .given(existingStream(`post-${postId}`, [postPublished(postId, author.user.id)]))
      .when((request) => request.as(member).post(`/api/posts/${postId}/like`))
      .then([
        expectResponse(200, { body: { success: true, liked: true, likesCount: 1 } }),
        expectNewEvents(`like-post-${postId}-${member.user.id}`, [
          { type: 'Liked', data: { postId, userId: member.user.id } },
        ]),
        expectNoNewEvents(`post-${postId}`),
      ]);
  });

  it('fails when the status, the body, the error or the events are not the ones expected', async () => {
    const [author, member, other] = await Promise.all([1, 2, 3].map(() => verifiedUser(app)));
    const postId = randomUUID();
    const like = (as: typeof member) =>
      apiSpec(app).when((request) => request.as(as).post(`/api/posts/${postId}/like`));
    const likeStream = `like-post-${postId}-${member.user.id}`;

    await expect(like(member).then([expectResponse(200)])).rejects.toThrow();
    await expect(like(member).then([expectError(404, 'Something else')])).rejects.toThrow();
    await like(member).then([expectError(404, /not found/i), expectNoNewEvents(likeStream)]);

    const given = apiSpec(app).given(
      existingStream(`post-${postId}`, [postPublished(postId, author.user.id)]),
    );
    await expect(
      given
        .when((request) => request.as(member).post(`/api/posts/${postId}/like`))
        .then([expectResponse(200, { body: { success: true, liked: true, likesCount: 2 } })]),
    ).rejects.toThrow();
    // Liked already: the like recorded by the request before is not new to this one.
    await expect(
      like(member).then([expectNewEvents(likeStream, [{ type: 'Liked' }])]),
    ).rejects.toThrow();
    await expect(
      like(other).then([
        expectNewEvents(`like-post-${postId}-${other.user.id}`, [
          { type: 'Liked', data: { userId: member.user.id } },
        ]),
      ]),
    ).rejects.toThrow();
    await expect(like(other).then([expectNoNewEvents(likeStream)])).resolves.toBeDefined();
  });

  it('counts as new only what the request appended, not the given events of the same stream', async () => {
    const [author, member] = [await verifiedUser(app), await verifiedUser(app)];
    const postId = randomUUID();
    const likeStream = `like-post-${postId}-${member.user.id}`;
    const seenByTheStep: number[] = [];

    await apiSpec(app)
      .given(
        existingStream(`post-${postId}`, [postPublished(postId, author.user.id)]),
        // An API step runs in its place: after the post, before the like.
        async () => {
          for (const stream of [`post-${postId}`, likeStream]) {
            seenByTheStep.push((await app.events.readStream(stream)).length);
          }
        },
        existingStream(likeStream, [postLiked(postId, member.user.id)]),
      )
      .when((request) => request.as(member).delete(`/api/posts/${postId}/like`))
      .then([
        expectResponse(200, { body: { success: true, liked: false, likesCount: 0 } }),
        expectNewEvents(likeStream, [{ type: 'Unliked' }]),
      ]);
    expect(seenByTheStep).toEqual([1, 0]);
  });

  it('sends the request signed out unless it is sent as a member', async () => {
    const member = await verifiedUser(app);

    await apiSpec(app)
      .when((request) => request.get('/api/auth/me'))
      .then([expectError(401)]);
    await apiSpec(app)
      .when((request) => request.as(member).get('/api/auth/me'))
      .then([expectResponse(200, { body: expect.objectContaining({ id: member.user.id }) })]);
  });

  it('sends the request once the read models include the given events', async () => {
    const author = await verifiedUser(app);
    const postIds = Array.from({ length: 20 }, () => randomUUID());

    await apiSpec(app)
      .given(
        ...postIds.map((id) => existingStream(`post-${id}`, [postPublished(id, author.user.id)])),
      )
      .when((request) => request.get(`/api/posts/${postIds.at(-1)}`))
      .then([expectResponse(200, { body: expect.objectContaining({ id: postIds.at(-1) }) })]);
  });

  it('refuses a step awaited without its then, instead of waiting for ever', async () => {
    const step = apiSpec(app).when((request) => request.get('/api/auth/me'));

    await expect(async () => {
      await (step as unknown as Promise<unknown>);
    }).rejects.toThrow(NOT_A_PROMISE);
  });
});
