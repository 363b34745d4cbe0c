import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { scoreLabel } from '../../src/application/community/get-post-preview/post-previews';
import { SITE_NAME } from '../../src/application/community/get-share-card/get-share-card.handler';
import { sharpShareCardRenderer } from '../../src/infrastructure/images/share-card-renderer';
import { sessionCookieOf } from '../support/accounts';

const ROOT = join(__dirname, '../../..');
const FIXTURES = join(__dirname, '../fixtures/content-gate');
const ADMIN = { username: 'image_admin', password: 'a long admin password' };
const EMPTY_FONTCONFIG =
  '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig></fontconfig>\n';

/** The image's build stage, as the Dockerfile writes it. */
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** The runtime stage's command: `["node", ...flags, "backend/dist/main.js"]`. */
const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];

/** Every file under `dir`, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));

/** Mean absolute difference of two images' pixels, channel by channel (0 to 255). */
async function meanDifference(
  a: Buffer,
  b: Buffer,
  region?: { left: number; top: number; width: number; height: number },
): Promise<number> {
  const raw = (image: Buffer) =>
    (region ? sharp(image).extract(region) : sharp(image)).raw().toBuffer();
  const [left, right] = await Promise.all([raw(a), raw(b)]);
  expect(left.length).toBe(right.length);
  let sum = 0;
  for (let i = 0; i < left.length; i += 1) sum += Math.abs(left[i] - right[i]);
  return sum / left.length;
}

/** Resolves with the app's address once it says it listens; rejects if it exits first. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const address = /listening on (http:\/\/[^\s")]+)/.exec(out)?.[1];
      if (address) resolve(address);
    });
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('exit', (code) =>
      reject(
        new Error(`The staged app exited (${code}) before listening:\n${errors.slice(-2000)}`),
      ),
    );
  });
}

/**
 * Issue 57, point 1: the image runs what it ships. The runtime stage is assembled the way the
 * Dockerfile does (scripts/stage-runtime.mjs and its list; node_modules as `npm prune
 * --omit=dev` leaves it), then started on its own with NODE_ENV=production, the offline content
 * gate and no system font, outside the checkout.
 */
describe('the image’s runtime stage, assembled from its list and started on its own', () => {
  let work: string;
  let app: string;
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'runtime-stage-'));
    app = join(work, 'app');
    execFileSync(process.execPath, [
      join(ROOT, 'scripts/stage-runtime.mjs'),
      ROOT,
      app,
      '--production-only',
    ]);
    writeFileSync(join(work, 'fonts.conf'), EMPTY_FONTCONFIG);
    const [node, ...args] = command;
    expect(node).toBe('node');
    child = spawn(process.execPath, args, {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: join(work, 'data'),
        ERASURE_LEDGER: join(work, 'erasure-ledger.jsonl'),
        APP_SECRET: 'an app secret for the image test, 32+ chars',
        PUBLIC_URL: 'https://solescore.example',
        TRUST_PROXY: 'false',
        ADMIN_LOGIN_PATH: '/image-test-door',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ALLOW_EMBEDDED_STORE: 'true',
        ALLOW_MAIL_OUTBOX: 'true',
        ALLOW_LOCAL_CHECKOUT: 'true',
        ALLOW_OFFLINE_RATER: 'true',
        CONTENT_GATE: 'offline',
        // The models load once, in seconds; on a busy machine the first upload may wait longer.
        CONTENT_GATE_TIMEOUT_MS: '180000',
        POSTS_REQUIRE_APPROVAL: 'true',
        // The system's fonts hidden: fontconfig finds none.
        FONTCONFIG_FILE: join(work, 'fonts.conf'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    base = await listening(child);
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  const signUp = async (label: string) => {
    const registered = await request(base)
      .post('/api/auth/register')
      .send({ email: `${label}.${process.pid}@example.com`, password: 'correct horse battery' })
      .expect(201);
    return sessionCookieOf(registered.headers['set-cookie'], 'sid');
  };
  const upload = (cookie: string, fixture: string) =>
    request(base)
      .post('/api/upload')
      .set('Cookie', cookie)
      .attach('image', readFileSync(join(FIXTURES, fixture)), {
        filename: 'feet.jpg',
        contentType: 'image/jpeg',
      });

  it('is what the Dockerfile copies: the list staged in the build stage, copied whole', () => {
    expect(dockerfile).toContain('node scripts/stage-runtime.mjs /app /runtime');
    const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtimeStage.match(/^COPY .*$/gm)).toEqual(['COPY --from=build /runtime ./']);
  });

  it('takes the workspace’s own node_modules and ships no bench or test code', () => {
    // The offline gate's nudity model (and buffer@6) are installed under backend/node_modules.
    expect(existsSync(join(app, 'backend/node_modules/nsfwjs/package.json'))).toBe(true);
    const shipped = filesUnder(join(app, 'backend/dist'));
    expect(shipped).toContain('main.js');
    expect(
      shipped.filter((file) => /(^|\/)(bench|testing)\/|\.(spec|contract)\.js$/.test(file)),
    ).toEqual([]);
    // What npm prune --omit=dev removes is not there.
    expect(existsSync(join(app, 'node_modules/jest'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/typescript'))).toBe(false);
  });

  it('rates a photo the offline gate passes and refuses a face', async () => {
    const cookie = await signUp('uploader');
    // No photo of a real foot ships with the fixtures (see their LICENSES.md): a plain photo
    // with nobody in it stands in, which the offline gate passes and the offline rater rates.
    const rated = await upload(cookie, 'plain/coffee.jpg').expect(200);
    expect(rated.body).toMatchObject({ averageRating: expect.stringMatching(/^\d+\.\d$/) });
    const refused = await upload(cookie, 'face/astronaut.jpg').expect(422);
    expect(refused.body.message).toMatch(/face/);
  }, 180_000); // the first upload waits for the models to load: seconds, more on a busy machine

  it('draws a share card with the app’s own font, the same picture as the full checkout draws', async () => {
    const cookie = await signUp('poster');
    const rating = (await upload(cookie, 'plain/brick.jpg').expect(200)).body;
    const id = (
      await request(base).post('/api/posts/publish').set('Cookie', cookie).send(rating).expect(201)
    ).body.id as string;
    // Every post waits for an admin with the offline rater in production.
    const login = await request(base).post('/api/rtm-sys/login').send(ADMIN).expect(200);
    await request(base)
      .patch(`/api/rtm-sys/posts/${id}`)
      .set('Cookie', sessionCookieOf(login.headers['set-cookie'], 'admin_sid'))
      .send({ isModerated: true })
      .expect(200);

    const card = (await request(base).get(`/api/posts/${id}/card.jpg`).expect(200)).body as Buffer;
    const page = (await request(base).get(`/api/posts/${id}`).expect(200)).body;
    const photo = (await request(base).get(page.imageUrl).expect(200)).body as Buffer;
    const score = page.averageRating as string | null;
    const text = {
      score: score === null ? null : `${score}/10`,
      label: score === null ? null : scoreLabel(Number(score)),
      rank: page.weeklyRank === null ? null : `#${page.weeklyRank} this week`,
      site: SITE_NAME,
    };
    const here = await sharpShareCardRenderer.render(photo, text);
    expect(await sharp(card).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    expect(await meanDifference(card, here)).toBeLessThan(0.5);
    // And the text is there: a card with another score differs where the score is.
    const scoreArea = { left: 40, top: 420, width: 500, height: 140 };
    const other = await sharpShareCardRenderer.render(photo, { ...text, score: '0.0/10' });
    expect(await meanDifference(card, other, scoreArea)).toBeGreaterThan(10);
  }, 60_000);
});
