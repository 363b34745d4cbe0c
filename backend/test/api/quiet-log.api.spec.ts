import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { fakeFrontend } from '../support/fake-frontend';
import { LogCapture, type LogLine } from '../support/log-capture';
import { startTestApp, type TestApp } from '../support/test-app';

const APP_PAGE =
  '<!doctype html><html><head><title>SoleScore</title></head><body>app</body></html>';
const SCRIPT = 'console.log("the app");'.repeat(40);

const START_UP_CONTEXTS = ['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication'];

/** The request line of a path (its `path` when no route matched, else its `route`). */
const lineOf = (log: LogCapture, path: string) =>
  log.line((line: LogLine) => line.path === path || line.route === path);

describe('what the log says at info, with the start-up and the files at debug', () => {
  const log = new LogCapture();
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      {
        LOG_LEVEL: 'debug',
        FRONTEND_DIR: fakeFrontend(APP_PAGE, {
          'assets/index-abc.js': SCRIPT,
          'assets/index-abc.js.br': brotliCompressSync(SCRIPT),
          'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
        }),
      },
      undefined,
      { logDestination: log.stream },
    );
  });
  afterAll(() => app.close());

  it('given a start, when Nest maps its routes and loads its modules, then those lines are at debug, none at info', () => {
    const startUp = log.lines().filter((line) => START_UP_CONTEXTS.includes(String(line.context)));
    expect(startUp.filter((line) => line.context === 'RouterExplorer').length).toBeGreaterThan(20);
    expect(new Set(startUp.map((line) => line.context))).toEqual(new Set(START_UP_CONTEXTS));
    expect(startUp.filter((line) => line.level !== 'debug')).toEqual([]);
  });

  it('given the built frontend’s files, when they are served, then each line is at debug', async () => {
    await request(app.server)
      .get('/assets/index-abc.js')
      .set('Accept-Encoding', 'br')
      .expect('Content-Encoding', 'br')
      .expect(200);
    await request(app.server).get('/favicon.svg').expect(200);

    expect(await lineOf(log, '/assets/index-abc.js')).toMatchObject({
      level: 'debug',
      status: 200,
    });
    expect(await lineOf(log, '/favicon.svg')).toMatchObject({ level: 'debug', status: 200 });
  });

  it('given an api request, a page and a missing file, when they are answered, then each line is still at info', async () => {
    await request(app.server).get('/api/leaderboard/weekly').expect(200);
    await request(app.server).get('/login').expect(200);
    await request(app.server).get('/assets/missing-abc.js').expect(404);

    expect(await lineOf(log, '/api/leaderboard/weekly')).toMatchObject({
      level: 'info',
      status: 200,
    });
    expect(await lineOf(log, '/login')).toMatchObject({ level: 'info', status: 200 });
    expect(await lineOf(log, '/assets/missing-abc.js')).toMatchObject({
      level: 'info',
      status: 404,
    });
  });
});
