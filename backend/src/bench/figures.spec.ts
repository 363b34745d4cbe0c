import { alternate, median, Report } from './figures';

describe('figures measured in alternating rounds', () => {
  it('alternate which of the two runs first, round by round', async () => {
    const order: string[] = [];
    const rounds = await alternate(
      4,
      (round) => (order.push(`figure ${round}`), 10 + round),
      (round) => (order.push(`anchor ${round}`), 5),
    );
    expect(order).toEqual([
      'figure 0',
      'anchor 0',
      'anchor 1',
      'figure 1',
      'figure 2',
      'anchor 2',
      'anchor 3',
      'figure 3',
    ]);
    expect(rounds).toEqual({ values: [10, 11, 12, 13], anchors: [5, 5, 5, 5] });
  });

  it('read as the median of the rounds’ ratios, with their spread', () => {
    const printed: string[] = [];
    const report = new Report((text) => printed.push(text));
    // A round on a busy machine slows both: its ratio stays near the others'.
    const figure = report.figure(
      'search',
      { rounds: { values: [30, 90, 33], anchors: [10, 30, 10] }, unit: 'ms' },
      { name: 'static route', value: 0, unit: 'ms' },
      { ratioAtMost: 3 },
    );
    expect(figure).toMatchObject({
      value: 33,
      anchor: { value: 10 },
      ratio: 3,
      rounds: { ratios: [3, 3, 3.3], min: 3, max: 3.3 },
      met: true,
    });
    expect(printed.join('')).toContain('ratio 3.00× (median of 3 rounds, 3.00–3.30)');
  });

  it('take the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});
