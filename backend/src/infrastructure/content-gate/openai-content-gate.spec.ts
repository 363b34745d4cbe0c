import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { type GateInput, GateUnavailableError } from '../../application/ports/content-gate.port';
import {
  type FakeOpenAi,
  type FakeOpenAiResponse,
  moderationResponse,
  startFakeOpenAi,
} from '../../../test/support/fake-openai-server';
import { decodeImage } from '../images/image-pipeline';
import { OpenAiContentGate } from './openai-content-gate';

const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'content-gate');
/** A fixture as an upload hands it to the gate: decoded by the image pipeline. */
const photo = (path: string): Promise<GateInput> => decodeImage(readFileSync(join(FIXTURES, path)));

describe('the online content gate (OpenAI moderation)', () => {
  let fake: FakeOpenAi;
  let answer: FakeOpenAiResponse;
  const gate = (timeoutMs = 5_000) =>
    new OpenAiContentGate({ apiKey: 'sk-test', baseURL: fake.url, timeoutMs });

  beforeEach(async () => {
    answer = moderationResponse();
    fake = await startFakeOpenAi(() => answer);
  });
  afterEach(() => fake.close());

  it('sends the image as a JPEG data URL to omni-moderation-latest and passes a clean one', async () => {
    const decision = await gate().judge(await photo('plain/coffee.jpg'));
    expect(decision).toMatchObject({
      outcome: 'pass',
      reason: null,
      gate: 'openai:omni-moderation-latest',
    });
    expect(decision.scores['moderation.sexual']).toBe(0);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request.path).toBe('/v1/moderations');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('omni-moderation-latest');
    const input = request.body.input as Array<{ type: string; image_url: { url: string } }>;
    expect(input).toHaveLength(1);
    expect(input[0].type).toBe('image_url');
    const [prefix, base64] = input[0].image_url.url.split(',');
    expect(prefix).toBe('data:image/jpeg;base64');
    const sent = await sharp(Buffer.from(base64, 'base64')).metadata();
    expect(sent).toMatchObject({ format: 'jpeg', width: 600 }); // as it came, never enlarged
  });

  it('refuses sexual content, with the scores that decided', async () => {
    answer = moderationResponse({ sexual: 0.93 });
    expect(await gate().judge(await photo('plain/coffee.jpg'))).toMatchObject({
      outcome: 'refuse',
      reason: 'nudity',
      scores: { 'moderation.sexual': 0.93, 'moderation.violence': 0 },
    });
  });

  it('holds a moderate score for a moderator', async () => {
    answer = moderationResponse({ sexual: 0.3 });
    expect(await gate().judge(await photo('plain/coffee.jpg'))).toMatchObject({
      outcome: 'review',
      reason: 'nudity',
    });
  });

  it('refuses an image too small to judge without asking the provider', async () => {
    expect(await gate().judge(await photo('small/too-small.jpg'))).toMatchObject({
      outcome: 'refuse',
      reason: 'too_small',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('is unavailable when the provider answers an error, after one retry', async () => {
    answer = { status: 500, json: { error: { message: 'The server had an error' } } };
    const judging = gate().judge(await photo('plain/coffee.jpg'));
    await expect(judging).rejects.toThrow(GateUnavailableError);
    await expect(judging).rejects.toThrow('Moderation answered HTTP 500: The server had an error');
    expect(fake.requests).toHaveLength(2);
  });

  it('is unavailable when the provider is down', async () => {
    const down = gate();
    await fake.close();
    await expect(down.judge(await photo('plain/coffee.jpg'))).rejects.toThrow(
      /^Moderation could not be reached/,
    );
    fake = await startFakeOpenAi(() => answer); // for afterEach
  });

  it('is unavailable when the provider takes too long', async () => {
    answer = { ...moderationResponse(), delayMs: 5_000 };
    await expect(gate(1_000).judge(await photo('plain/coffee.jpg'))).rejects.toThrow(
      'Moderation timed out after 1000 ms',
    );
  });

  it('is unavailable when the answer has no scores', async () => {
    answer = { status: 200, json: { id: 'modr-1', results: [] } };
    await expect(gate().judge(await photo('plain/coffee.jpg'))).rejects.toThrow(
      'Moderation answered without category scores',
    );
  });
});
