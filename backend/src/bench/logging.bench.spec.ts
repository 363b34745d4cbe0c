import { Report } from './figures';
import { benchLogging } from './logging.bench';

describe('the logging bench', () => {
  it('given a few requests, when measured, then it reports the app’s logger beside pino alone in alternating rounds', async () => {
    const printed: string[] = [];
    const report = new Report((text) => printed.push(text));

    await benchLogging(report, 50, 4);

    const [figure] = report.figures;
    expect(figure).toMatchObject({ unit: 'µs', goal: 'ratio ≤ 2×' });
    expect(figure!.anchor?.name).toBe('pino alone, same format, same child and line');
    expect(figure!.rounds?.ratios).toHaveLength(4);
    expect(figure!.value).toBeGreaterThan(0);
    expect(printed.join('')).toContain("a request's child logger and line");
  });
});
