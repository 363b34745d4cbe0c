import { createServer, type Server } from 'node:http';
import { type GracefulShutdownOptions, stopGracefully, stopOnSignals } from './graceful-shutdown';
import { HttpDrain } from './http-drain';

describe('stopping gracefully', () => {
  let server: Server;
  let steps: string[];
  let lines: string[];
  const logger = {
    log: (line: string) => lines.push(`log: ${line}`),
    warn: (line: string) => lines.push(`warn: ${line}`),
    error: (line: string) => lines.push(`error: ${line}`),
  };
  const options = (overrides: Partial<GracefulShutdownOptions> = {}): GracefulShutdownOptions => ({
    drain: new HttpDrain(server),
    graceMs: 60_000,
    settle: () => {
      steps.push('settle');
      return Promise.resolve();
    },
    close: () => {
      steps.push('close');
      return Promise.resolve();
    },
    logger,
    ...overrides,
  });

  beforeEach(async () => {
    steps = [];
    lines = [];
    server = createServer((_req, res) => res.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(() => server.close());

  it('stops taking requests, lets the started work settle, closes the app, and answers 0', async () => {
    expect(await stopGracefully('SIGTERM', options())).toBe(0);
    expect(steps).toEqual(['settle', 'close']);
    expect(server.listening).toBe(false);
    expect(lines[0]).toBe('log: SIGTERM: stopping. No new requests; 0 in flight get up to 60 s');
    expect(lines.at(-1)).toMatch(/^log: Stopped in \d+\.\d s: 0 requests finished, 0 cut$/);
  });

  it('closes the app even when the started work outlasts the bound, and says so', async () => {
    const code = await stopGracefully(
      'SIGINT',
      options({ graceMs: 10, settle: () => new Promise(() => undefined) }),
    );
    expect(code).toBe(0);
    expect(steps).toEqual(['close']);
    expect(lines).toContain(
      'warn: Work started by answered requests was still running at the 0.01 s bound',
    );
  });

  it('answers 1 when closing the app fails', async () => {
    const close = () => Promise.reject(new Error('store gone'));
    expect(await stopGracefully('SIGTERM', options({ close }))).toBe(1);
    expect(lines.at(-1)).toMatch(/^error: Stopping failed/);
  });

  it('stops once on the first signal and exits at once on a second one', async () => {
    let release: () => void = () => undefined;
    const closing = new Promise<void>((resolve) => (release = resolve));
    const exits: number[] = [];
    let exited: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (exited = resolve));
    const unsubscribe = stopOnSignals(
      options({ close: () => closing }),
      (code) => {
        exits.push(code);
        if (exits.length === 2) exited();
      },
      ['SIGUSR2'],
    );
    try {
      process.emit('SIGUSR2', 'SIGUSR2');
      process.emit('SIGUSR2', 'SIGUSR2');
      expect(exits).toEqual([1]);
      expect(lines).toContain('warn: SIGUSR2 again while stopping: exiting at once');
      release();
      await done;
      expect(exits).toEqual([1, 0]);
    } finally {
      unsubscribe();
    }
  });
});
