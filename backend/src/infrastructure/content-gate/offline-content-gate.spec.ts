import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type GateInput, GateUnavailableError } from '../../application/ports/content-gate.port';
import { decodeImage } from '../images/image-pipeline';
import { OfflineContentGate } from './offline-content-gate';

const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'content-gate');
/** A fixture as an upload hands it to the gate: decoded by the image pipeline. */
const image = (path: string): Promise<GateInput> => decodeImage(readFileSync(join(FIXTURES, path)));

/** The models load once for the whole file (seconds and ~500 MB); the last tests close them. */
const QUEUE_LENGTH = 2;
const gate = new OfflineContentGate({ queueLength: QUEUE_LENGTH, timeoutMs: 120_000 });

describe('the offline content gate on real photos', () => {
  beforeAll(() => gate.ready(), 180_000);
  afterAll(() => gate.close());

  it('loads its models once, from the packages, in a worker thread', async () => {
    const first = await gate.loadReport();
    expect(first.loadMs).toBeGreaterThan(0);
    expect(await gate.loadReport()).toBe(first);
  });

  it('refuses a face, with the scores of both detectors', async () => {
    const decision = await gate.judge(await image('face/astronaut.jpg'));
    expect(decision).toMatchObject({ outcome: 'refuse', reason: 'face', gate: 'offline-v1' });
    expect(decision.scores['face.ssd']).toBeGreaterThanOrEqual(0.5);
    expect(decision.scores['face.human']).toBeGreaterThanOrEqual(0.5);
  });

  it('refuses a face pasted small into a plain photo', async () => {
    expect(await gate.judge(await image('face/face-pasted-into-coffee.jpg'))).toMatchObject({
      outcome: 'refuse',
      reason: 'face',
    });
  });

  it('refuses a person whose face cannot be seen, from the pose', async () => {
    const decision = await gate.judge(await image('person/astronaut-face-blurred.jpg'));
    expect(decision).toMatchObject({ outcome: 'refuse', reason: 'person' });
    expect(decision.scores['face.ssd']).toBeLessThan(0.5);
  });

  it('passes a plain photo with nobody in it, and records every score', async () => {
    const decision = await gate.judge(await image('plain/coffee.jpg'));
    expect(decision).toMatchObject({ outcome: 'pass', reason: null });
    expect(Object.keys(decision.scores).sort()).toEqual(
      [
        'face.human',
        'face.ssd',
        'nsfw.drawing',
        'nsfw.hentai',
        'nsfw.neutral',
        'nsfw.porn',
        'nsfw.sexy',
        'pose.leftEar',
        'pose.leftEye',
        'pose.leftShoulder',
        'pose.nose',
        'pose.rightEar',
        'pose.rightEye',
        'pose.rightShoulder',
      ].sort(),
    );
  });

  it('refuses an image too small to judge without reading its pixels', async () => {
    const small = await image('small/too-small.jpg');
    const pixels = jest.fn(small.pixels);
    expect(await gate.judge({ ...small, pixels })).toEqual({
      outcome: 'refuse',
      reason: 'too_small',
      scores: {},
      gate: 'offline-v1',
    });
    expect(pixels).not.toHaveBeenCalled();
  });

  it('refuses an image beyond its queue as busy, and judges the ones it took', async () => {
    const photo = await image('plain/brick.jpg');
    const results = await Promise.allSettled(
      Array.from({ length: QUEUE_LENGTH + 1 }, () => gate.judge(photo)),
    );
    // Each takes its place in the queue when it is asked: the last one asked finds it full.
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.slice(0, QUEUE_LENGTH).map((r) => r.status)).toEqual(
      Array(QUEUE_LENGTH).fill('fulfilled'),
    );
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toBeInstanceOf(GateUnavailableError);
    expect(String(refused[0].reason)).toMatch(/busy/);
    // The queue is free again once they are judged.
    expect((await gate.judge(await image('plain/brick.jpg'))).outcome).toBe('pass');
  });

  it('on close, gives up the image it is judging and takes no more', async () => {
    const judging = gate.judge(await image('plain/rocket.jpg'));
    await gate.close();
    await expect(judging).rejects.toThrow(GateUnavailableError);
    await expect(gate.judge(await image('plain/coffee.jpg'))).rejects.toThrow(
      'The content gate is closed',
    );
    await expect(gate.ready()).rejects.toThrow(GateUnavailableError);
  });
});

describe('the offline content gate closed while its models load', () => {
  it('fails the image waiting for them instead of leaving it waiting', async () => {
    const loading = new OfflineContentGate({ queueLength: 1, timeoutMs: 120_000 });
    const ready = loading.ready();
    const judging = loading.judge(await image('plain/coffee.jpg'));
    const outcomes = Promise.allSettled([ready, judging]);
    while (loading.queued === 0) await new Promise((resolve) => setImmediate(resolve));
    await loading.close();
    const [loaded, judged] = await outcomes;
    expect(loaded.status).toBe('rejected');
    expect(judged.status).toBe('rejected');
    expect((judged as PromiseRejectedResult).reason).toBeInstanceOf(GateUnavailableError);
  });
});
