import { loadConfig } from '../config/config';
import { describeAdapters } from './adapters';

describe('the boot lines that say what the app runs on', () => {
  it('given no OpenAI key, when described, then the rater and the content gate are told apart', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/x', PORT: '3917' });
    const lines = describeAdapters(config);
    expect(lines).toContain(
      'rater: offline, scores the photo (sharpness, light, framing), not the feet',
    );
    expect(lines.find((line) => line.startsWith('content gate:'))).toMatch(
      /^content gate: offline face, pose and nudity models/,
    );
    expect(lines.join('\n')).not.toContain('no content check');
  });

  it('given a data folder without read models, when described, then the read store is said to be new; with them, read back', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/x', PORT: '3917' });
    expect(describeAdapters(config, false)).toContain(
      'read store: embedded, new in /tmp/x/read-models.sqlite',
    );
    expect(describeAdapters(config, true)).toContain(
      'read store: embedded, read back from /tmp/x/read-models.sqlite',
    );
  });

  it('given mail kept in the outbox outside production, when described, then the line names the inbox page', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/x', PORT: '3917' });
    expect(describeAdapters(config)).toContain(
      'mail: outbox in memory, each subject logged, the mails at http://localhost:3917/dev/mail',
    );
  });
});
