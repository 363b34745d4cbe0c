import { loadConfig } from './config';
import { problemsOf } from './testing/config-problems';

describe('content gate configuration', () => {
  it('judges offline by default, with a short queue and a 30 s limit per image', () => {
    expect(loadConfig({}).contentGate).toEqual({
      kind: 'offline',
      queueLength: 8,
      timeoutMs: 30_000,
    });
  });

  it('takes the online gate only with an OpenAI key', () => {
    expect(loadConfig({ CONTENT_GATE: 'openai', OPENAI_API_KEY: 'sk-1' }).contentGate.kind).toBe(
      'openai',
    );
    expect(problemsOf({ CONTENT_GATE: 'openai' })).toEqual([
      'CONTENT_GATE=openai needs OPENAI_API_KEY (or CONTENT_GATE=offline)',
    ]);
  });

  it('names a bad gate, queue length or time limit', () => {
    expect(
      problemsOf({ CONTENT_GATE: 'none', CONTENT_GATE_QUEUE: '0', CONTENT_GATE_TIMEOUT_MS: '5' }),
    ).toEqual([
      'CONTENT_GATE must be one of offline, openai (got "none")',
      'CONTENT_GATE_QUEUE must be a whole number from 1 to 1000 (got "0")',
      'CONTENT_GATE_TIMEOUT_MS must be a whole number from 1000 to 300000 (got "5")',
    ]);
  });
});
