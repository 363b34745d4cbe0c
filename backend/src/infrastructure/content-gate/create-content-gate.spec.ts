import { loadConfig } from '../../config/config';
import { createContentGate } from '../adapters';
import { GateUnavailableError } from '../../application/ports/content-gate.port';
import { NoUploadsGate } from './no-uploads-gate';
import { OfflineContentGate } from './offline-content-gate';
import { OpenAiContentGate } from './openai-content-gate';

describe('choosing the content gate', () => {
  it('judges offline unless told otherwise, loading nothing until asked', async () => {
    const gate = createContentGate(loadConfig({}));
    expect(gate).toBeInstanceOf(OfflineContentGate);
    expect(gate.name).toBe('offline-v1');
    await gate.close();
  });

  it('asks OpenAI moderation with CONTENT_GATE=openai, at the key and address of the rater', () => {
    const gate = createContentGate(
      loadConfig({
        CONTENT_GATE: 'openai',
        OPENAI_API_KEY: 'sk-1',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      }),
    );
    expect(gate).toBeInstanceOf(OpenAiContentGate);
    expect(gate.name).toBe('openai:omni-moderation-latest');
  });

  it('gives a worker process, which serves no uploads, a gate that loads nothing', async () => {
    const gate = createContentGate(
      loadConfig({ ROLE: 'worker', MONGODB_URL: 'mongodb://127.0.0.1:9/app' }),
    );
    expect(gate).toBeInstanceOf(NoUploadsGate);
    await expect(gate.ready()).resolves.toBeUndefined();
    await expect(
      gate.judge({ width: 1, height: 1, pixels: () => Promise.reject(new Error('unread')) }),
    ).rejects.toThrow(GateUnavailableError);
  });
});
