import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the OpenAI chat completions and moderations endpoints on 127.0.0.1, so the real `openai` SDK
 * (its retries, timeouts and error classes included) can be exercised without the network.
 * Point a client at `url` (it already ends in /v1). One responder answers both routes; it can
 * tell them apart by `request.path`.
 */
const ROUTES = ['/v1/chat/completions', '/v1/moderations'];

/** The parts of a chat completions request tests look at; the rest is there too. */
export interface FakeChatRequestBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  response_format?: {
    type?: string;
    json_schema?: { name?: string; strict?: boolean; schema?: Record<string, unknown> };
  };
  [key: string]: unknown;
}

export interface FakeOpenAiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: FakeChatRequestBody;
}

export interface FakeOpenAiResponse {
  status: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is, with a JSON content type: for malformed bodies. Wins over `json`. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering: for timeouts. */
  delayMs?: number;
}

export type FakeOpenAiResponder = (
  body: FakeChatRequestBody,
  request: FakeOpenAiRequest,
) => FakeOpenAiResponse | Promise<FakeOpenAiResponse>;

export interface FakeOpenAi {
  /** Base URL including /v1, e.g. http://127.0.0.1:41234/v1. */
  url: string;
  /** Every request received on either route, in order (retries included). */
  requests: FakeOpenAiRequest[];
  close(): Promise<void>;
}

export async function startFakeOpenAi(respond: FakeOpenAiResponder): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').split('?')[0];
        if (req.method !== 'POST' || !ROUTES.includes(path)) {
          send(res, {
            status: 404,
            json: { error: { message: `No route ${req.method} ${path}` } },
          });
          return;
        }
        let body: FakeChatRequestBody;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeChatRequestBody;
        } catch {
          send(res, { status: 400, json: { error: { message: 'Request body is not JSON' } } });
          return;
        }
        const request = { method: req.method, path, headers: req.headers, body };
        requests.push(request);
        let response: FakeOpenAiResponse;
        try {
          response = await respond(body, request);
        } catch (error) {
          response = { status: 500, json: { error: { message: String(error) } } };
        }
        if (response.delayMs) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            send(res, response);
          }, response.delayMs);
          timers.add(timer);
        } else {
          send(res, response);
        }
      })();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function send(res: import('node:http').ServerResponse, response: FakeOpenAiResponse): void {
  if (res.destroyed || res.writableEnded) return; // the client gave up (timeout)
  const body = response.rawBody ?? JSON.stringify(response.json ?? {});
  res.writeHead(response.status, { 'content-type': 'application/json', ...response.headers });
  res.end(body);
}

/** A complete, successful chat completion whose message content is `content`. */
export function chatCompletion(
  content: string | null,
  options: { refusal?: string; finishReason?: string; model?: string } = {},
): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: options.model ?? 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: options.refusal ?? null },
        logprobs: null,
        finish_reason: options.finishReason ?? 'stop',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

export interface FakeRating {
  verdict: string;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  overall: number;
  comment: string;
}

/** A 200 answer carrying a rating in the structured-output shape; override any field. */
export function ratingResponse(overrides: Partial<FakeRating> = {}): FakeOpenAiResponse {
  const rating: FakeRating = {
    verdict: 'ok',
    toeAlignment: 7.2,
    toeNails: 8.1,
    footShape: 7.7,
    aesthetic: 6.9,
    overall: 7.5,
    comment: 'Lovely, well-lit shot with neatly lined-up toes.',
    ...overrides,
  };
  return { status: 200, json: chatCompletion(JSON.stringify(rating)) };
}

/** A 200 moderation answer for one input whose category scores are `scores` (others 0). */
export function moderationResponse(scores: Record<string, number> = {}): FakeOpenAiResponse {
  const categories = [
    'harassment',
    'hate',
    'illicit',
    'self-harm',
    'sexual',
    'sexual/minors',
    'violence',
    'violence/graphic',
  ];
  const category_scores = Object.fromEntries(categories.map((c) => [c, scores[c] ?? 0]));
  return {
    status: 200,
    json: {
      id: 'modr-fake',
      model: 'omni-moderation-latest',
      results: [
        {
          flagged: Object.values(category_scores).some((score) => score >= 0.5),
          categories: Object.fromEntries(categories.map((c) => [c, category_scores[c] >= 0.5])),
          category_scores,
          category_applied_input_types: Object.fromEntries(categories.map((c) => [c, ['image']])),
        },
      ],
    },
  };
}
