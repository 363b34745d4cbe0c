import request from 'supertest';
import {
  type ContentGate,
  type GateDecision,
  type GateInput,
} from '../../src/application/ports/content-gate.port';
import { GATE_PASS } from '../support/scripted-content-gate';
import { startTestApp, type TestApp } from '../support/test-app';
import { makeJpeg } from '../support/test-images';
import { until } from '../support/until';

/** A content gate that keeps every image waiting in its queue until the test lets them through. */
class HoldingGate implements ContentGate {
  readonly name = 'holding';
  private readonly waiting: Array<(decision: GateDecision) => void> = [];

  get queued(): number {
    return this.waiting.length;
  }

  async ready(): Promise<void> {}

  judge(_input: GateInput): Promise<GateDecision> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  passAll(): void {
    for (const pass of this.waiting.splice(0)) pass(GATE_PASS);
  }

  async close(): Promise<void> {
    this.passAll();
  }
}

/** One proxy in front: the client is the address it appends last to X-Forwarded-For. */
const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.250, ${address}` });

describe('places in the content gate’s queue per address', () => {
  const gate = new HoldingGate();
  let app: TestApp;
  let seed = 300;

  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: '1', UPLOAD_LIMIT_PER_HOUR: '1000' }, undefined, {
      contentGate: gate,
    });
  });
  afterAll(() => app.close());

  const photos = (count: number) =>
    Promise.all(
      Array.from({ length: count }, () => makeJpeg({ width: 344, height: 258, seed: (seed += 1) })),
    );
  /** Sends an upload; `.then` starts it at once, without waiting for its answer. */
  const upload = (address: string, photo: Buffer) =>
    request(app.server)
      .post('/api/upload')
      .set(from(address))
      .attach('image', photo, { filename: 'feet.jpg', contentType: 'image/jpeg' })
      .then((answer) => answer);

  it('refuses a third upload at once from an address with two in progress, without taking a place, and keeps the queue open to others', async () => {
    const [one, two, three, four, five] = await photos(5);
    const first = upload('198.51.100.7', one!);
    const second = upload('198.51.100.7', two!);
    await until(() => gate.queued === 2);

    const third = await upload('198.51.100.7', three!);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      message:
        'You already have 2 photos being checked. Please wait until one is done before sending another.',
    });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(gate.queued).toBe(2);

    // Someone else still reaches the gate.
    const neighbour = upload('198.51.100.8', four!);
    await until(() => gate.queued === 3);

    gate.passAll();
    expect((await Promise.all([first, second, neighbour])).map((answer) => answer.status)).toEqual([
      200, 200, 200,
    ]);

    // The places are given back with the answers.
    const again = upload('198.51.100.7', five!);
    await until(() => gate.queued === 1);
    gate.passAll();
    expect((await again).status).toBe(200);
  });
});
