import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { BackupManifest } from '../../src/infrastructure/backup/backup-manifest';
import { registerUser, uniqueEmail } from '../support/accounts';
import { publishPost, verifiedUser } from '../support/community';
import { ROOMY_WRITE_LIMITS, startTestApp, type TestApp } from '../support/test-app';
import { adminCookie, filesHolding, runCli, snapshot } from './backup-support';

const ADMIN = { ADMIN_USERNAME: 'backup_admin', ADMIN_PASSWORD: 'a long admin password' };
/** What the test app sets, given to the command-line tools too (they start the app's modules). */
const APP_ENV = {
  NODE_ENV: 'test',
  PASSWORD_HASH_MEMORY_KIB: '64',
  REGISTRATION_LIMIT_PER_HOUR: '100000',
  UPLOAD_LIMIT_PER_HOUR: '100000',
  VOTE_WAIT_HOURS: '0',
  ...ROOMY_WRITE_LIMITS,
  ...ADMIN,
};

type Row = Record<string, unknown> & { id: string };
/** A write: when it was sent, and when its answer came. */
interface Ack {
  id: string;
  sent: number;
  at: number;
}

const ids = (rows: Row[]) => rows.map((row) => row.id);

describe('npm run backup and npm run restore (embedded default)', () => {
  let root: string;
  let source: TestApp | null = null;
  let restored: TestApp | null = null;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'backup-test-'));
  });
  afterAll(async () => {
    await source?.close();
    await restored?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('copies a running app while it writes, restores it whole, and an account erased since stays erased', async () => {
    const ledger = join(root, 'erasure-ledger.jsonl');
    const env = { ...APP_ENV, ERASURE_LEDGER: ledger };
    source = await startTestApp(env);
    const app = source;

    // Accounts, posts, comments, ratings, likes and an admin action.
    const ann = await verifiedUser(app);
    const bob = await verifiedUser(app);
    const eve = await verifiedUser(app);
    const eveName = `Eve.Gone_${process.pid}`;
    const eveBio = `Erase-me bio ${process.pid}`;
    const eveComment = `Eve's words ${process.pid}`;
    await eve.agent
      .patch('/api/user/profile')
      .send({ displayUsername: eveName, bio: eveBio })
      .expect(200);
    const annPost = await publishPost(app, ann);
    const bobPost = await publishPost(app, bob);
    const removedPost = await publishPost(app, bob);
    const evePost = await publishPost(app, eve);
    const bobComment = (
      await bob.agent
        .post(`/api/posts/${annPost}/comments`)
        .send({ text: 'Lovely arches' })
        .expect(201)
    ).body as Row;
    const eveCommentRow = (
      await eve.agent.post(`/api/posts/${annPost}/comments`).send({ text: eveComment }).expect(201)
    ).body as Row;
    await ann.agent
      .post(`/api/posts/${evePost}/comments`)
      .send({ text: 'Nice one, Eve' })
      .expect(201);
    await bob.agent
      .post('/api/ratings/submit')
      .send({ postId: annPost, overallScore: 4 })
      .expect(201);
    await eve.agent
      .post('/api/ratings/submit')
      .send({ postId: bobPost, overallScore: 5 })
      .expect(201);
    await ann.agent.post(`/api/posts/${bobPost}/like`).expect(200);
    await eve.agent.post(`/api/posts/${annPost}/like`).expect(200);
    const cookie = await adminCookie(app, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
    await request(app.server)
      .delete(`/api/rtm-sys/posts/${removedPost}`)
      .set('Cookie', cookie)
      .send({ reason: 'Not feet' })
      .expect(200);
    const before = await snapshot(app, cookie);
    expect(before.audit.length).toBeGreaterThan(0);

    // The app goes on writing while the backup runs: comments, and posts with their photos.
    const comments: Ack[] = [];
    const posts: Ack[] = [];
    let backupRunning = true;
    const commentWriter = (async () => {
      for (let n = 0; backupRunning; n += 1) {
        const sent = Date.now();
        const response = await bob.agent
          .post(`/api/posts/${annPost}/comments`)
          .send({ text: `During the backup ${n}` })
          .expect(201);
        comments.push({ id: (response.body as Row).id, sent, at: Date.now() });
      }
    })();
    const postWriter = (async () => {
      while (backupRunning) {
        const sent = Date.now();
        posts.push({ id: await publishPost(app, ann), sent, at: Date.now() });
      }
    })();
    const backups = join(root, 'backups');
    const backupStarted = Date.now();
    const backup = await runCli('backup', [backups], { ...env, DATA_DIR: app.dataDir });
    const backupEnded = Date.now();
    backupRunning = false;
    await Promise.all([commentWriter, postWriter]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const summary =
      /^Backup (\S+): \d+ events up to position \d+, \d+ files, .* in \d+ ms; app-secret not included/.exec(
        backup.stdout,
      );
    expect(summary).not.toBeNull();
    const folder = summary![1];
    const manifest = JSON.parse(
      readFileSync(join(folder, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    const copyStarted = Date.parse(manifest.startedAt);
    const copyEnded = Date.parse(manifest.finishedAt);
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['events.sqlite', 'personal-data-keys.sqlite']),
    );
    expect(manifest.files.some((file) => file.path.startsWith('uploads/'))).toBe(true);
    expect(manifest.files.map((file) => file.path)).not.toContain('read-models.sqlite');
    expect(manifest.files.map((file) => file.path)).not.toContain('app-secret');

    // Erased after the backup: the restored log holds none of it, the ledger does.
    await eve.agent.delete('/api/user').send({ password: eve.password }).expect(200);
    expect(readFileSync(ledger, 'utf8')).toContain(eve.user.id);
    expect(readFileSync(ledger, 'utf8')).not.toContain(eve.email);

    // Refusals, each writing nothing.
    const target = join(root, 'restored');
    const restore = (args: string[], dataDir = target) =>
      runCli('restore', args, { ...env, DATA_DIR: dataDir });
    const inUse = await restore([backups], app.dataDir);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/is in use by process \d+ \(app\)\. Stop it first/);
    const withoutSecret = await restore([backups]);
    expect(withoutSecret.stderr).toMatch(/taken without the app secret.*--app-secret FILE/);
    const keptSecret = join(root, 'kept-apart-app-secret');
    copyFileSync(join(app.dataDir, 'app-secret'), keptSecret);
    const wrongSecret = join(root, 'wrong-secret');
    writeFileSync(wrongSecret, 'f'.repeat(64));
    const wrong = await restore([backups, '--app-secret', wrongSecret]);
    expect(wrong.stderr).toMatch(/taken under another app secret/);
    const occupied = join(root, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'keep me');
    const notEmpty = await restore([backups, '--app-secret', keptSecret], occupied);
    expect(notEmpty.stderr).toMatch(
      /is not empty \(notes\.txt\): restore only puts a backup into an empty DATA_DIR/,
    );
    expect(readFileSync(join(occupied, 'notes.txt'), 'utf8')).toBe('keep me');

    const restoring = await restore([backups, '--app-secret', keptSecret]);
    expect(restoring.stderr).toBe('');
    expect(restoring.stdout).toMatch(
      /^Restored .*; erasure ledger: 1 entries, 1 accounts erased again, 0 already erased, 0 not in the log \(.*erasure-ledger\.jsonl\); \d+ ms\n$/,
    );

    restored = await startTestApp(env, target);
    const after = await snapshot(
      restored,
      await adminCookie(restored, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD),
    );

    // Every write acknowledged before the copy began is there, none sent after it ended, and what
    // is there is a prefix of each writer's writes (one moment of the log).
    const restoredComments = new Set(ids(after.comments.get(annPost) ?? []));
    const restoredPosts = new Set(ids(after.latest));
    for (const [acks, present] of [
      [comments, restoredComments],
      [posts, restoredPosts],
    ] as const) {
      const kept = acks.map((ack) => present.has(ack.id));
      expect(kept).toEqual([...kept].sort((a, b) => Number(b) - Number(a)));
      for (const ack of acks) {
        if (ack.at < copyStarted) expect(present.has(ack.id)).toBe(true);
        if (ack.sent > copyEnded) expect(present.has(ack.id)).toBe(false);
      }
    }
    const keptComments = comments
      .filter((ack) => restoredComments.has(ack.id))
      .map((ack) => ack.id);
    const keptPosts = posts.filter((ack) => restoredPosts.has(ack.id)).map((ack) => ack.id);

    // The same boards, posts, comments and audit log as at the backup's position, less Eve.
    const during = new Set([...posts.map((ack) => ack.id), evePost]);
    const boardOf = (rows: Row[]) => ids(rows).filter((id) => !during.has(id));
    expect(boardOf(after.latest)).toEqual(boardOf(before.latest));
    expect(boardOf(after.top)).toEqual(boardOf(before.top));
    expect(JSON.stringify(after.weekly)).not.toContain(evePost);
    for (const id of boardOf(before.latest)) {
      expect(withoutCounts(after.posts.get(id)!)).toEqual(withoutCounts(before.posts.get(id)!));
    }
    expect(ids(after.comments.get(annPost)!).sort()).toEqual(
      [
        ...ids(before.comments.get(annPost)!).filter((id) => id !== eveCommentRow.id),
        ...keptComments,
      ].sort(),
    );
    const bobsFirst = (rows: Row[]) => rows.find((row) => row.id === bobComment.id);
    expect(bobsFirst(after.comments.get(annPost)!)).toEqual(
      bobsFirst(before.comments.get(annPost)!),
    );
    // The audit log as it was, and after it only the sign-in that read it.
    const since = after.audit.filter((entry) => Date.parse(entry.at as string) > copyEnded);
    expect(since.map((entry) => entry.kind)).toEqual(['AdminSignedIn']);
    expect(after.audit.filter((entry) => !since.includes(entry))).toEqual(before.audit);
    for (const id of [...boardOf(after.latest), ...keptPosts]) {
      const imageUrl = (after.posts.get(id) ?? (await getPost(restored, id))).imageUrl as string;
      await request(restored.server).get(imageUrl).expect(200);
    }

    // Eve: erased again by the restore.
    await request(restored.server).get(`/api/posts/${evePost}`).expect(404);
    await request(restored.server).get(`/api/users/${eve.user.id}`).expect(404);
    await request(restored.server)
      .post('/api/auth/login')
      .send({ email: eve.email, password: eve.password })
      .expect(401);
    const eveEvents = await restored.events.readStream(`user-${eve.user.id}`);
    expect(eveEvents.at(-1)?.type).toBe('AccountErased');
    expect(eveEvents.find((event) => event.type === 'UserRegistered')?.data).toMatchObject({
      email: null,
    });
    // The erased email registers again, as a new account.
    await registerUser(restored, eve.email);
    await registerUser(restored, uniqueEmail('after-restore'));

    // Applying the ledger again changes nothing.
    const restoredDir = restored.dataDir;
    await restored.app.close();
    restored = null;
    const again = await restore(['--erasures-only'], restoredDir);
    expect(again.stdout).toMatch(/1 entries, 0 accounts erased again, 1 already erased/);
    // (Her email is a new account's now.)
    for (const needle of [eveName, eveBio, eveComment]) {
      expect([needle, filesHolding(restoredDir, [needle])]).toEqual([needle, []]);
    }
    rmSync(restoredDir, { recursive: true, force: true });

    const figures = {
      backupBytes: manifest.bytes,
      files: manifest.files.length,
      events: manifest.events,
      copyMs: copyEnded - copyStarted,
      commandMs: Math.round(backup.ms),
      // Writes under way during it: sent before it ended, answered after it began.
      writesDuringTheCommand: [...comments, ...posts].filter(
        (ack) => ack.sent <= backupEnded && ack.at >= backupStarted,
      ).length,
      writesDuringTheCopy: [...comments, ...posts].filter(
        (ack) => ack.sent <= copyEnded && ack.at >= copyStarted,
      ).length,
      restoreMs: Math.round(restoring.ms),
    };
    process.stdout.write(`Backup figures: ${JSON.stringify(figures)}\n`);
    expect(figures.writesDuringTheCopy).toBeGreaterThan(0);
  }, 300_000);
});

/** A post's answer without the counts that writes during the backup and the erasure change. */
/**
 * A post as the restore must keep it, less what depends on other posts and comments: its comment
 * count, and its place this week, which moves up when the erased account's post leaves the board.
 */
function withoutCounts(post: Row) {
  const { commentCount: _comments, commentsCount: _count, weeklyRank: _rank, ...rest } = post;
  return rest;
}

async function getPost(app: TestApp, id: string): Promise<Row> {
  return (await request(app.server).get(`/api/posts/${id}`).expect(200)).body as Row;
}
