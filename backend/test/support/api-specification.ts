import supertest from 'supertest';
import type { Response } from 'supertest';
import type { EventMetadata, RecordedEvent } from '../../src/domain/shared/event';
import {
  PROJECTION_PROGRESS,
  type ProjectionProgress,
} from '../../src/application/shared/projection-progress';
import { CLOCK, type Clock } from '../../src/application/shared/clock';
import type { RegisteredUser } from './accounts';
import type { TestApp } from './test-app';
import { appendGiven } from './use-case-specification';

/**
 * Given / when / then for API specs, after emmett's `ApiSpecification`: events already on
 * streams, one HTTP request, then its answer and the events it appended. It reads like the
 * use-case specs (use-case-specification.ts) but runs on a real app, so a suite shares one app
 * and each test gives its own streams, under fresh ids, and passes alone or in any order:
 *
 *   const member = await verifiedUser(app);
 *   const postId = randomUUID();
 *   await apiSpec(app)
 *     .given(existingStream(`post-${postId}`, [postPublished(postId, author.user.id)]))
 *     .when((request) => request.as(member).post(`/api/posts/${postId}/like`))
 *     .then([
 *       expectResponse(200, { body: { success: true, liked: true, likesCount: 1 } }),
 *       expectNewEvents(`like-post-${postId}-${member.user.id}`, [{ type: 'Liked' }]),
 *     ]);
 *
 * A member is signed up through the API (their session is a cookie the app issued), in the
 * test itself; `given` also takes such API steps when the history is easier to make through the
 * API than to write as events (an uploaded photo). The request is sent once the read models
 * include everything given, as a settled app would have them. A flow of several requests is a
 * step each, the later ones with nothing given: a specification appends its given history each
 * time it runs.
 */

/**
 * An event to put on a stream before the request; metadata defaults to the system's, at the
 * app's time.
 */
export interface GivenEvent {
  type: string;
  data: unknown;
  metadata?: Partial<EventMetadata>;
}

export interface ExistingStream {
  streamId: string;
  events: readonly GivenEvent[];
}

/** History made through the API (a sign-up, an upload), run in its place among the streams. */
export type ApiStep = () => Promise<unknown>;

export type Given = ExistingStream | ApiStep;

export function existingStream(streamId: string, events: readonly GivenEvent[]): ExistingStream {
  return { streamId, events };
}

/** The app's HTTP server, signed out, and signed in as a member through `as(member)`. */
export type ApiRequest = ReturnType<typeof supertest> & {
  as(member: Pick<RegisteredUser, 'agent'>): RegisteredUser['agent'];
};

/** What a `then` looks at: the answer, and the events appended since the given history. */
export interface ApiOutcome {
  response: Response;
  /** The events appended to `streamId` after the given ones, in order. */
  newEvents(streamId: string): Promise<RecordedEvent[]>;
  /** Every event appended after the given ones, on any stream, in log order. */
  allNewEvents(): Promise<RecordedEvent[]>;
}

export type ApiExpectation = (outcome: ApiOutcome) => void | Promise<void>;

export interface ApiSpecification {
  given(...history: Given[]): ApiSpecification;
  when(send: (request: ApiRequest) => PromiseLike<Response>): {
    /** Each expectation in turn; answers the response, for a flow's next step. */
    then(expectations: readonly ApiExpectation[]): Promise<Response>;
  };
}

/** The answer's status, and its body (equal, or as jest's matchers say) and headers. */
export function expectResponse(
  status: number,
  expected: { body?: unknown; headers?: Record<string, unknown> } = {},
): ApiExpectation {
  return ({ response }) => {
    expect({ status: response.status, body: response.body as unknown }).toEqual({
      status,
      // Without an expected body only the status is compared; the body shows in a failure.
      body: 'body' in expected ? expected.body : response.body,
    });
    if (expected.headers) expect(response.headers).toMatchObject(expected.headers);
  };
}

/** A refusal: the status and the `{ message }` every error answers (the message or a pattern). */
export function expectError(status: number, message?: string | RegExp): ApiExpectation {
  return ({ response }) => {
    expect({ status: response.status, body: response.body as unknown }).toEqual({
      status,
      body: {
        message:
          message === undefined
            ? expect.any(String)
            : typeof message === 'string'
              ? message
              : expect.stringMatching(message),
      },
    });
  };
}

/** An appended event as `expectNewEvents` expects it: its type, and what its data includes. */
export interface ExpectedEvent {
  type: string;
  data?: Record<string, unknown>;
  metadata?: Partial<EventMetadata>;
}

/** Exactly these events, in this order, appended to `streamId` by the request. */
export function expectNewEvents(
  streamId: string,
  expected: readonly ExpectedEvent[],
): ApiExpectation {
  return async ({ newEvents }) => {
    const appended = await newEvents(streamId);
    expect(
      appended.map(({ type, data, metadata }) => ({ type, data, metadata }) as unknown),
    ).toEqual(
      expected.map(({ type, data, metadata }) => ({
        type,
        data: data ? expect.objectContaining(data) : expect.anything(),
        metadata: metadata ? expect.objectContaining(metadata) : expect.anything(),
      })),
    );
  };
}

export function expectNoNewEvents(streamId: string): ApiExpectation {
  return expectNewEvents(streamId, []);
}

/**
 * How long the read models may take to include the given events: far more than they need, so
 * a busy machine fails no test; the wait ends as soon as they are in.
 */
const CATCH_UP_MS = 30_000;

export const NOT_A_PROMISE =
  'An API specification step is not a promise: end it with then([expectResponse(...), ...])';

export function apiSpec(app: TestApp): ApiSpecification {
  const specification = (history: readonly Given[]): ApiSpecification => ({
    given: (...more) => specification([...history, ...more]),
    when: (send) => ({
      then(expectations: readonly ApiExpectation[], ...rest: unknown[]) {
        // Awaited without a check, the step is taken for a promise and its `then` is handed
        // (resolve, reject): refuse at once instead of never settling.
        if (!Array.isArray(expectations)) {
          (rest[0] as (error: Error) => void)(new Error(NOT_A_PROMISE));
          return Promise.resolve(undefined as unknown as Response);
        }
        return run(app, history, send, expectations);
      },
    }),
  });
  return specification([]);
}

async function run(
  app: TestApp,
  history: readonly Given[],
  send: (request: ApiRequest) => PromiseLike<Response>,
  expectations: readonly ApiExpectation[],
): Promise<Response> {
  for (const step of history) {
    if (typeof step === 'function') await step();
    else await append(app, step);
  }
  await caughtUp(app);
  const before = (await app.events.headPosition()) ?? -1n;
  const response = await send(asRequest(app));
  const outcome: ApiOutcome = {
    response,
    newEvents: async (streamId) =>
      (await app.events.readStream(streamId)).filter((event) => event.position > before),
    allNewEvents: () => app.events.readAll({ after: before }),
  };
  for (const expectation of expectations) await expectation(outcome);
  return response;
}

function asRequest(app: TestApp): ApiRequest {
  return Object.assign(supertest(app.server), {
    as: (member: Pick<RegisteredUser, 'agent'>) => member.agent,
  });
}

function append(app: TestApp, { streamId, events }: ExistingStream): Promise<void> {
  return appendGiven(app.events, streamId, events, givenTime(app));
}

const lastGivenTimes = new WeakMap<Clock, number>();

/**
 * The app's time (a suite may move its clock), but later than the events given before: what is
 * given in order is recorded in order (a thread's comments, a board's posts) even within one
 * millisecond. A clock set back to an earlier week starts again from its time.
 */
function givenTime(app: TestApp): string {
  const clock = app.app.get<Clock>(CLOCK);
  const now = clock.now().getTime();
  const last = lastGivenTimes.get(clock) ?? 0;
  const at = now < last - 1000 ? now : Math.max(now, last + 1);
  lastGivenTimes.set(clock, at);
  return new Date(at).toISOString();
}

/** The read models include the whole log so far: what was given, and the API steps' events. */
async function caughtUp(app: TestApp): Promise<void> {
  const head = await app.events.headPosition();
  const progress = app.app.get<ProjectionProgress>(PROJECTION_PROGRESS);
  if (!(await progress.waitFor(head, CATCH_UP_MS))) {
    throw new Error('The projections did not catch up with the given events');
  }
}
