import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { latencies, SequentialClient, timed } from './bench-http';
import { alternate, type Measure, type Report } from './figures';

/** What a browser sends: each answer is compressed as it would be for one. */
const BROWSER_ENCODINGS = { 'Accept-Encoding': 'gzip, deflate, br' };
const ROUNDS = 5;
/** Comments on the thread read, a third of them liked by the member who reads it. */
const THREAD_COMMENTS = 30;

/**
 * Answers as a browser gets them, compressed, one request at a time, each beside the static
 * JSON route with the same headers (docs/decisions/kept-compressed-copies.md): the answers many
 * requests share keep their compressed copies (a board page, a thread for a viewer who likes
 * none of it, the built frontend's files), the rest are compressed as they are sent (a thread
 * for a member who likes some of it, the OpenAPI document).
 */
export async function compressedAnswers(
  port: number,
  member: SequentialClient,
  postId: string,
  frontendDir: string,
  requestsPerRound: number,
  report: Report,
): Promise<void> {
  const thread = `/api/posts/${postId}/comments?limit=${THREAD_COMMENTS}`;
  for (let i = 0; i < THREAD_COMMENTS; i++) {
    await member.json('POST', `/api/posts/${postId}/comments`, { text: `Comment ${i}` }, 201);
  }
  const comments = await member.json<{ id: string }[]>('GET', thread);
  for (const comment of comments.filter((_, i) => i % 3 === 0)) {
    await member.json('POST', `/api/comments/${comment.id}/like`);
  }
  const visitor = new SequentialClient(port);
  try {
    const anchor: Measure = {
      name: 'GET /api/health/live (static JSON), sequential, a browser’s Accept-Encoding, p50',
      value: 0,
      unit: 'ms',
    };
    const rows: [string, SequentialClient, string][] = [
      ['GET /api/posts first page as kept, compressed copy kept', visitor, '/api/posts'],
      ['GET a thread of 30 comments, signed out, compressed copy kept', visitor, thread],
      ['GET the same thread, a member who likes 10, compressed on each request', member, thread],
      [
        'GET the largest script, compressed at build time, held in memory',
        visitor,
        `/assets/${largestScript(frontendDir)}`,
      ],
      ['GET /api/openapi.json, compressed on each request', visitor, '/api/openapi.json'],
    ];
    for (const [name, client, path] of rows) {
      const encoding = await compressedAs(client, path);
      const samples: number[] = [];
      const rounds = await alternate(
        ROUNDS,
        async () => {
          const round = await sequential(client, path, requestsPerRound);
          samples.push(...round);
          return latencies(round).p50;
        },
        async () => latencies(await sequential(client, '/api/health/live', requestsPerRound)).p50,
      );
      const all = latencies(samples);
      report.figure(`${name}, sequential, p50`, { rounds, unit: 'ms' }, anchor, null, {
        encoding,
        'p99 ms': all.p99,
        requests: all.count,
      });
    }
  } finally {
    visitor.close();
  }
}

async function compressedAs(client: SequentialClient, path: string): Promise<string> {
  const answer = await client.send('GET', path, undefined, BROWSER_ENCODINGS, false);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  const encoding = answer.headers['content-encoding'];
  if (typeof encoding !== 'string') throw new Error(`GET ${path} came uncompressed`);
  return `${encoding}, ${answer.bytes} bytes`;
}

/** Each request's time until its whole answer came, one after another. */
async function sequential(client: SequentialClient, path: string, count: number) {
  const samples: number[] = [];
  const get = async () => {
    const answer = await client.send('GET', path, undefined, BROWSER_ENCODINGS, false);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
  };
  for (let i = 0; i < count; i++) samples.push(await timed(get));
  return samples;
}

function largestScript(frontendDir: string): string {
  const dir = join(frontendDir, 'assets');
  const scripts = readdirSync(dir).filter((name) => name.endsWith('.js'));
  if (scripts.length === 0) throw new Error(`No script in ${dir}`);
  return scripts.sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0]!;
}
