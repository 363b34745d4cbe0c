import { loadConfig } from './config';
import { problemsOf } from './testing/config-problems';

const TOKEN = 'a'.repeat(31) + 'Z';

describe('metrics configuration', () => {
  it('has no metrics token by default: the metrics route does not exist', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '   ' }).metricsToken).toBeNull();
  });

  it('takes a token of 32 characters or more, trimmed', () => {
    expect(loadConfig({ METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN);
    expect(loadConfig({ METRICS_TOKEN: `${TOKEN}+/=_-.~` }).metricsToken).toBe(`${TOKEN}+/=_-.~`);
  });

  it('refuses a short token or one that cannot travel in a header, in every environment', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(problemsOf({ NODE_ENV, METRICS_TOKEN: TOKEN.slice(1) })).toContain(
        'METRICS_TOKEN must be 32 to 512 characters long (got 31)',
      );
    }
    expect(problemsOf({ METRICS_TOKEN: `${TOKEN} ${TOKEN}` })).toEqual([
      'METRICS_TOKEN must be visible ASCII characters without spaces',
    ]);
    expect(problemsOf({ METRICS_TOKEN: `${TOKEN}é` })).toEqual([
      'METRICS_TOKEN must be visible ASCII characters without spaces',
    ]);
    expect(problemsOf({ METRICS_TOKEN: 'x'.repeat(513) })).toEqual([
      'METRICS_TOKEN must be 32 to 512 characters long (got 513)',
    ]);
  });

  it('leaves a production start without a token alone: metrics are optional', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).not.toContainEqual(
      expect.stringContaining('METRICS_TOKEN'),
    );
  });
});
