import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { sessionCookieOf } from '../support/accounts';
import type { TestApp } from '../support/test-app';

const REGISTER = join(__dirname, '../support/register-ts.js');
const CLI = join(__dirname, '../../src/cli');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `npm run backup` or `npm run restore` from the sources, in a process of its own. */
export function runCli(
  tool: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<CliRun> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', REGISTER, join(CLI, `${tool}.ts`), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      resolve({ code, stdout, stderr, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
    );
  });
}

type Row = Record<string, unknown> & { id: string };

/** What visitors and admins see: the boards, every post with its comments, the audit log. */
export interface Snapshot {
  latest: Row[];
  top: Row[];
  weekly: unknown;
  posts: Map<string, Row>;
  comments: Map<string, Row[]>;
  audit: Row[];
}

export async function adminCookie(app: TestApp, username: string, password: string) {
  const response = await request(app.server)
    .post('/api/rtm-sys/login')
    .send({ username, password })
    .expect(200);
  return sessionCookieOf(response.headers['set-cookie'], 'admin_sid');
}

export async function snapshot(app: TestApp, cookie: string): Promise<Snapshot> {
  const get = async (path: string) => (await request(app.server).get(path).expect(200)).body;
  const latest = (await get('/api/posts?limit=100')) as Row[];
  const posts = new Map<string, Row>();
  const comments = new Map<string, Row[]>();
  for (const post of latest) {
    posts.set(post.id, (await get(`/api/posts/${post.id}`)) as Row);
    comments.set(post.id, (await get(`/api/posts/${post.id}/comments`)) as Row[]);
  }
  const audit = (
    await request(app.server)
      .get('/api/rtm-sys/audit?pageSize=100')
      .set('Cookie', cookie)
      .expect(200)
  ).body as { items: Row[] };
  return {
    latest,
    top: (await get('/api/posts?sort=top&limit=100')) as Row[],
    weekly: await get('/api/leaderboard/weekly'),
    posts,
    comments,
    audit: audit.items,
  };
}

/** Every file under `dir` whose bytes hold one of `needles` in plain text. */
export function filesHolding(dir: string, needles: string[]): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => {
      const bytes = readFileSync(file);
      return needles.some((needle) => bytes.includes(needle));
    });
}
