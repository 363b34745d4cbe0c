import { ConfigError, loadConfig } from './config';

describe('shutdown settings', () => {
  it('gives the requests in flight 10 s by default', () => {
    expect(loadConfig({}).shutdown).toEqual({ graceSeconds: 10 });
  });

  it('takes SHUTDOWN_GRACE_SECONDS from 0 to 600', () => {
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdown.graceSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '45' }).shutdown.graceSeconds).toBe(45);
  });

  it.each(['601', '-1', '2.5', 'ten'])('refuses SHUTDOWN_GRACE_SECONDS=%s, naming it', (value) => {
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: value })).toThrow(
      `SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 600 (got "${value}")`,
    );
  });
});
