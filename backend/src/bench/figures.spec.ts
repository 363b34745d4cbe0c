import { alternate, busyBoundRatios, median, Report } from './figures';

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

  it('print counts as they are, and other numbers with two decimals below 100', () => {
    const printed: string[] = [];
    const report = new Report((text) => printed.push(text));
    report.figure('board', { value: 2486.4, unit: 'req/s' }, null, null, {
      failures: 0,
      'p99 ms': 41.5,
      'likes/s': 20,
    });
    expect(printed.join('')).toContain('2486 req/s  (failures 0, p99 ms 41.50, likes/s 20)');
  });

  it('print a floor as held or broken, and a goal as met or not met', () => {
    const printed: string[] = [];
    const report = new Report((text) => printed.push(text));
    const anchor = { name: 'raw loop', value: 1000, unit: 'events/s' };
    report.figure('64 writers', { value: 7500, unit: 'events/s' }, anchor, {
      ratioAtLeast: 7,
      floor: true,
    });
    report.figure('one writer', { value: 600, unit: 'events/s' }, anchor, {
      ratioAtLeast: 0.65,
      floor: true,
    });
    report.figure('boards', { value: 800, unit: 'events/s' }, anchor, { ratioAtLeast: 0.85 });
    const text = printed.join('');
    expect(text).toContain('ratio 7.50×; floor ratio ≥ 7×: held');
    expect(text).toContain('ratio 0.60×; floor ratio ≥ 0.65×: BROKEN');
    expect(text).toContain('ratio 0.80×; goal ratio ≥ 0.85×: NOT MET');
  });

  it('take the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('bound a round by its busy time: what it did per busy second, against its anchor', () => {
    // 1,000 events kept a thread busy 100 ms in one round (10,000/s at most) and 250 ms in the
    // other, beside anchors of 1,000/s and 2,000/s.
    expect(busyBoundRatios(1000, [100, 250], [1000, 2000])).toEqual([10, 2]);
    expect(() => busyBoundRatios(1000, [100], [1000, 2000])).toThrow();
  });
});
