import sharp from 'sharp';
import {
  chatCompletion,
  ratingResponse,
  startFakeOpenAi,
  type FakeOpenAi,
  type FakeOpenAiResponder,
} from '../../../test/support/fake-openai-server';
import { makeWebp } from '../../../test/support/test-images';
import type { ImageFeatures } from '../../application/ports/image-processor.port';
import { OpenAiRater } from './openai-rater';
import { RaterUnavailableError, type RaterInput } from '../../application/ports/rater.port';

const features: ImageFeatures = {
  width: 1600,
  height: 1200,
  sharpness: 0.7,
  meanLuminance: 0.5,
  exposure: 0.9,
  contrast: 0.6,
  colourfulness: 0.3,
  framing: 0.65,
};

describe('OpenAiRater', () => {
  let server: FakeOpenAi | undefined;
  let input: RaterInput;

  beforeAll(async () => {
    input = {
      image: await makeWebp({ width: 1600, height: 1200 }),
      mimeType: 'image/webp',
      features,
    };
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function raterAnswering(respond: FakeOpenAiResponder, timeoutMs = 5_000) {
    server = await startFakeOpenAi(respond);
    return new OpenAiRater({
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      baseURL: server.url,
      timeoutMs,
    });
  }

  // Retries should not make the error tests wait for the SDK's default backoff.
  const quickRetry = { 'retry-after-ms': '5' };

  it('given a good answer, when rated, then it is parsed, clamped and rounded', async () => {
    const rater = await raterAnswering(() =>
      ratingResponse({
        toeAlignment: 7.26,
        toeNails: 11,
        footShape: -2,
        aesthetic: 6.94,
        overall: 8.05,
      }),
    );

    const assessment = await rater.rate(input);

    expect(assessment).toEqual({
      verdict: 'ok',
      scores: { toeAlignment: 7.3, toeNails: 10, footShape: 0, aesthetic: 6.9 },
      overall: 8.1,
      comment: 'Lovely, well-lit shot with neatly lined-up toes.',
      rater: 'openai:gpt-4o-mini',
    });
  });

  it('given a face in the photo, when rated, then the verdict passes through', async () => {
    const rater = await raterAnswering(() =>
      ratingResponse({
        verdict: 'face_or_person',
        comment: 'Sorry, only feet please: we spotted a face.',
      }),
    );

    const assessment = await rater.rate(input);

    expect(assessment.verdict).toBe('face_or_person');
  });

  it('given a long, multi-line comment, when rated, then it is one line of at most 280 characters', async () => {
    const rater = await raterAnswering(() =>
      ratingResponse({ comment: `Great photo!\n\n${'Such lovely toes. '.repeat(40)}` }),
    );

    const { comment } = await rater.rate(input);

    expect(comment.length).toBeLessThanOrEqual(280);
    expect(comment).not.toMatch(/\n/);
    expect(comment.endsWith('…')).toBe(true);
  });

  it('given a rating, when requested, then the request carries a JPEG data URL and the json_schema format', async () => {
    const rater = await raterAnswering(() => ratingResponse());

    await rater.rate(input);

    expect(server!.requests).toHaveLength(1);
    const { body, headers } = server!.requests[0];
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.messages?.[0]).toMatchObject({ role: 'system' });
    expect(body.messages?.[0].content).toEqual(expect.stringContaining('only feet'));
    const parts = body.messages?.[1].content as Array<{
      type: string;
      image_url?: { url: string };
    }>;
    const image = parts.find((part) => part.type === 'image_url');
    expect(image?.image_url?.url).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
    const jpeg = Buffer.from(image!.image_url!.url.split(',')[1], 'base64');
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1024, 768]);

    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'foot_photo_rating', strict: true },
    });
    const schema = body.response_format?.json_schema?.schema as {
      properties: Record<string, { enum?: string[] }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.properties.verdict.enum).toEqual([
      'ok',
      'not_feet',
      'face_or_person',
      'nudity_or_explicit',
    ]);
    expect([...schema.required].sort()).toEqual([
      'aesthetic',
      'comment',
      'footShape',
      'overall',
      'toeAlignment',
      'toeNails',
      'verdict',
    ]);
    expect(schema.additionalProperties).toBe(false);
  });

  it('given a server error twice, when rated, then RaterUnavailableError after one retry', async () => {
    const rater = await raterAnswering(() => ({
      status: 500,
      json: { error: { message: 'boom' } },
      headers: quickRetry,
    }));

    const attempt = rater.rate(input);

    await expect(attempt).rejects.toThrow(RaterUnavailableError);
    await expect(attempt).rejects.toThrow(/HTTP 500/);
    expect(server!.requests).toHaveLength(2);
  });

  it('given a server error then a good answer, when rated, then the retry succeeds', async () => {
    let calls = 0;
    const rater = await raterAnswering(() =>
      ++calls === 1 ? { status: 503, json: {}, headers: quickRetry } : ratingResponse(),
    );

    await expect(rater.rate(input)).resolves.toMatchObject({ verdict: 'ok', overall: 7.5 });
  });

  it('given a rejected API key, when rated, then RaterUnavailableError without a retry', async () => {
    const rater = await raterAnswering(() => ({
      status: 401,
      json: { error: { message: 'Incorrect API key provided' } },
    }));

    await expect(rater.rate(input)).rejects.toThrow(/HTTP 401/);
    expect(server!.requests).toHaveLength(1);
  });

  it.each([
    ['an answer that is not JSON', chatCompletion('Sure! Here is my rating: 8/10')],
    ['a JSON array', chatCompletion('[1, 2, 3]')],
    ['an unknown verdict', chatCompletion(JSON.stringify({ verdict: 'maybe' }))],
    [
      'a score that is not a number',
      chatCompletion(
        JSON.stringify({
          verdict: 'ok',
          toeAlignment: '7',
          toeNails: 7,
          footShape: 7,
          aesthetic: 7,
          overall: 7,
          comment: 'Hi',
        }),
      ),
    ],
    [
      'an empty comment',
      chatCompletion(
        JSON.stringify({
          verdict: 'ok',
          toeAlignment: 7,
          toeNails: 7,
          footShape: 7,
          aesthetic: 7,
          overall: 7,
          comment: '  ',
        }),
      ),
    ],
    ['a refusal', chatCompletion(null, { refusal: "I'm sorry, I can't help with that." })],
    ['a cut-off answer', chatCompletion('{"verdict": "ok", "toeAl', { finishReason: 'length' })],
    ['no choices', { id: 'x', object: 'chat.completion', created: 1, model: 'm', choices: [] }],
  ])('given %s, when rated, then RaterUnavailableError', async (_name, json) => {
    const rater = await raterAnswering(() => ({ status: 200, json }));

    await expect(rater.rate(input)).rejects.toThrow(RaterUnavailableError);
  });

  it('given a response body that is not JSON, when rated, then RaterUnavailableError', async () => {
    const rater = await raterAnswering(() => ({
      status: 200,
      rawBody: '{"id": "chatcmpl-1", "choi',
    }));

    await expect(rater.rate(input)).rejects.toThrow(RaterUnavailableError);
  });

  it('given a server that never answers in time, when rated, then RaterUnavailableError naming the timeout', async () => {
    const rater = await raterAnswering(() => ({ ...ratingResponse(), delayMs: 10_000 }), 300);
    const started = Date.now();

    await expect(rater.rate(input)).rejects.toThrow(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('given nothing listening, when rated, then RaterUnavailableError', async () => {
    const probe = await startFakeOpenAi(() => ratingResponse());
    const deadUrl = probe.url;
    await probe.close();
    const rater = new OpenAiRater({
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      baseURL: deadUrl,
      timeoutMs: 1_000,
    });

    await expect(rater.rate(input)).rejects.toThrow(RaterUnavailableError);
  });
});
