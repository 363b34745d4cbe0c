import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentGate, GateDecision } from '../application/ports/content-gate.port';
import { PAYMENTS, type PaymentGateway } from '../application/ports/payments.port';
import { newRecordId } from '../application/shared/record-ids';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/config';
import { BOOST_PRICES } from '../domain/boost/boost.decider';
import {
  type CountedRequest,
  type RequestRoundTrips,
  ROUND_TRIPS,
} from '../infrastructure/round-trips/request-round-trips';
import { SequentialClient, timed } from './bench-http';
import { signUpVerified } from './bench-sign-up';
import { median, type Report } from './figures';
import { sceneImage } from './scene-image';

/**
 * Store round trips per request, the goals of issue 57, as the production stack (EventStoreDB,
 * MongoDB, `ROLE=api` replicas) pays them. Every call to a store port is one round trip
 * (`infrastructure/round-trips`), one command on the production adapters, so the embedded stores
 * count the same. Read-your-writes waits count none (a replica shares one watcher of the
 * checkpoint, `ProjectionProgress`), nor do the projections' and reactors' batches.
 */
export const ROUND_TRIP_GOALS = {
  like: 6,
  board: 2,
  post: 3,
  search: 3,
  webhook: 6,
  upload: 4,
} as const;

/** Requests timed per kind and pass in the delayed-store pass. */
const TIMED = 40;
/** What a same-zone network adds to each round trip, in the second pass. */
const DELAY_MS = 1;

const PASSING_GATE: ContentGate = {
  name: 'bench (passes every image: the gate is no store)',
  ready: async () => undefined,
  judge: async (): Promise<GateDecision> => ({
    outcome: 'pass',
    reason: null,
    scores: {},
    gate: 'bench',
  }),
  close: async () => undefined,
};

interface Member {
  client: SequentialClient;
  id: string;
  username: string;
}

export async function benchRoundTrips(report: Report): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-round-trips-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    FRONTEND_DIR: join(dataDir, 'no-frontend'),
    HOST: '127.0.0.1',
    PORT: '0',
    PASSWORD_HASH_MEMORY_KIB: '64',
    REGISTRATION_LIMIT_PER_HOUR: '100000',
    UPLOAD_LIMIT_PER_HOUR: '100000',
    LIKE_LIMIT_PER_MINUTE: '100000',
    LIKE_LIMIT_PER_HOUR: '1000000',
    OPENAI_API_KEY: '',
  });
  let app: NestExpressApplication | null = null;
  const clients: SequentialClient[] = [];
  try {
    app = await createApp(config, { contentGate: PASSING_GATE });
    await app.listen(0, '127.0.0.1');
    const port = portOf(app);
    const roundTrips = app.get<RequestRoundTrips>(ROUND_TRIPS);
    const counted = countedBy(roundTrips);
    const member = async (name: string): Promise<Member> => {
      const client = new SequentialClient(port);
      clients.push(client);
      const user = await signUpVerified(client, name);
      return { client, id: user.id, username: user.anonymousUsername };
    };

    const owner = await member('owner');
    const liker = await member('liker');
    const postId = await publish(port, owner, 1);
    await owner.client.json('POST', `/api/posts/${postId}/comments`, { text: 'Nice' }, 201);

    const like = await counted(() => liker.client.json('POST', `/api/posts/${postId}/like`));
    // After a like the read models have moved: the board is read again, not a kept page.
    const board = await counted(() => liker.client.read('/api/posts?limit=24'));
    const post = await counted(() => liker.client.read(`/api/posts/${postId}`));
    const thread = await counted(() => liker.client.read(`/api/posts/${postId}/comments`));
    const searches = [];
    for (const limit of [24, 100]) {
      await liker.client.json('POST', `/api/posts/${postId}/like`); // moves the read models
      searches.push(
        await counted(() =>
          liker.client.read(`/api/posts?q=${encodeURIComponent(owner.username)}&limit=${limit}`),
        ),
      );
    }
    const webhook = await counted(() => deliverPaidCheckout(app!, port, liker.id));
    const upload = await counted(() => uploadPhoto(port, 2));

    const row = (name: string, request: CountedRequest, goal: number) =>
      report.figure(
        `round trips: ${name}`,
        { value: request.roundTrips, unit: 'round trips' },
        null,
        { valueAtMost: goal },
        request.calls,
      );
    row('a like (a member’s first like of a post)', like, ROUND_TRIP_GOALS.like);
    row('a board page (24 posts, read models moved since the last)', board, ROUND_TRIP_GOALS.board);
    row('a post page: the post (signed in)', post, ROUND_TRIP_GOALS.post);
    row(
      'a post page: its thread (signed in, with the viewer’s likes)',
      thread,
      ROUND_TRIP_GOALS.post,
    );
    const search = searches.reduce((most, next) =>
      next.roundTrips > most.roundTrips ? next : most,
    );
    row('a search page (24 or 100 posts, the costlier)', search, ROUND_TRIP_GOALS.search);
    row('a signed webhook (checkout.session.completed)', webhook, ROUND_TRIP_GOALS.webhook);
    row('an upload (rated, offline rater)', upload, ROUND_TRIP_GOALS.upload);

    // The second pass: each store round trip `DELAY_MS` further away, so that a request's time
    // should grow by its round trips and no more. Likes by fresh members (each a first like),
    // board and search pages each after a like (computed, not kept).
    const likers: Member[] = [];
    for (let i = 0; i < 2 * TIMED; i += 1) likers.push(await member(`liker${i}`));
    const passes = [
      {
        name: 'a like',
        run: (i: number, delayed: boolean) =>
          timed(() =>
            likers[delayed ? TIMED + i : i].client.json('POST', `/api/posts/${postId}/like`),
          ),
      },
      {
        name: 'a board page',
        run: async () => {
          await liker.client.json('DELETE', `/api/posts/${postId}/like`);
          await liker.client.json('POST', `/api/posts/${postId}/like`);
          return timed(() => liker.client.read('/api/posts?limit=24'));
        },
      },
      {
        name: 'a search page',
        run: async () => {
          await liker.client.json('DELETE', `/api/posts/${postId}/like`);
          await liker.client.json('POST', `/api/posts/${postId}/like`);
          return timed(() =>
            liker.client.read(`/api/posts?q=${encodeURIComponent(owner.username)}&limit=24`),
          );
        },
      },
    ];
    for (const pass of passes) {
      const plain: number[] = [];
      const delayed: number[] = [];
      /** The round trips each delayed request made: the anchor counts what was delayed. */
      const counts: number[] = [];
      for (let i = 0; i < TIMED; i += 1) {
        roundTrips.delayMs = 0;
        plain.push(await pass.run(i, false));
        roundTrips.delayMs = DELAY_MS;
        const seen: CountedRequest[] = [];
        const stop = roundTrips.watch((request) => seen.push(request));
        delayed.push(await pass.run(i, true));
        stop();
        // The timed request is the last of its round (a board or search page follows a like).
        counts.push(seen[seen.length - 1].roundTrips);
      }
      roundTrips.delayMs = 0;
      const without = median(plain);
      const made = median(counts);
      report.figure(
        `${pass.name} with every store round trip ${DELAY_MS} ms away, median of ${TIMED}`,
        { value: median(delayed), unit: 'ms' },
        {
          name: `its ${made} round trips × ${DELAY_MS} ms + its ${without.toFixed(2)} ms without the delay`,
          value: made * DELAY_MS + without,
          unit: 'ms',
        },
        { ratioAtMost: 1.3 },
      );
    }
  } finally {
    for (const client of clients) client.close();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs one request and answers what the app counted for it (the last request it finished). */
function countedBy(roundTrips: RequestRoundTrips) {
  return async (send: () => Promise<unknown>): Promise<CountedRequest> => {
    let last: CountedRequest | null = null;
    const stop = roundTrips.watch((request) => (last = request));
    try {
      await send();
    } finally {
      stop();
    }
    if (last === null) throw new Error('The app counted no request');
    return last;
  };
}

/** A photo of its own (`seed` paints it), uploaded and rated: the rating's answer. */
async function uploadPhoto(port: number, seed: number): Promise<Record<string, unknown>> {
  // A photo-like scene: the upload checks refuse noise and plain shapes as no picture.
  const jpeg = await sceneImage({ width: 480, height: 360, seed }).jpeg().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'feet.jpg');
  const response = await fetch(`http://127.0.0.1:${port}/api/upload`, {
    method: 'POST',
    body: form,
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`Upload answered ${response.status}`);
  return body;
}

async function publish(port: number, author: Member, seed: number): Promise<string> {
  const rating = await uploadPhoto(port, seed);
  const post = await author.client.json<{ id: string }>('POST', '/api/posts/publish', rating, 201);
  return post.id;
}

/** A paid local checkout session of `userId`, its signed completion delivered. */
async function deliverPaidCheckout(app: NestExpressApplication, port: number, userId: string) {
  const gateway = app.get<PaymentGateway>(PAYMENTS);
  const base = `http://127.0.0.1:${port}`;
  const { sessionId } = await gateway.createCheckoutSession({
    itemName: BOOST_PRICES.regular.name,
    amount: BOOST_PRICES.regular.amount,
    currency: 'usd',
    successUrl: `${base}/boost?session_id={CHECKOUT_SESSION_ID}&type=boost`,
    cancelUrl: `${base}/boost?cancelled=true`,
    metadata: { kind: 'boost', boostType: 'regular', boostId: newRecordId(), userId },
  });
  const delivery = gateway.localCheckout!.pay(sessionId, new Date());
  const response = await fetch(`${base}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': delivery.signature },
    body: new Uint8Array(delivery.body),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`The webhook answered ${response.status}`);
}

function portOf(app: NestExpressApplication): number {
  const address = (app.getHttpServer() as import('node:http').Server).address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening');
  return address.port;
}
