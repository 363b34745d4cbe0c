import { type Figure, Report } from './figures';
import { type FirstPageSizes, reportFirstPage } from './frontend.bench';

const sizes = (gzip: number): FirstPageSizes => ({
  js: { gzip, brotli: gzip - 10_000, raw: gzip * 3, files: 1 },
  css: { gzip: 10_000, brotli: 9_000, raw: 56_000, files: 1 },
  anchor: { name: 'React alone', gzip: 66_000 },
  stack: { name: 'React, TanStack Router and Query', gzip: 100_680 },
  budget: 120_000,
});

function figureFor(gzip: number): Figure {
  const report = new Report(() => undefined);
  reportFirstPage(report, sizes(gzip));
  return report.figures[0]!;
}

describe('the first page figure', () => {
  it('reads the first page in kB against React alone, with the ratio between them', () => {
    const figure = figureFor(119_830);
    expect(figure).toMatchObject({ value: 119.83, unit: 'kB', anchor: { value: 66, unit: 'kB' } });
    expect(figure.ratio).toBeCloseTo(119.83 / 66, 5);
    expect(figure.details).toMatchObject({
      'brotli kB': 109.83,
      files: 1,
      'CSS gzip kB': 10,
      'stack alone (React, TanStack Router and Query) kB': 100.68,
    });
  });

  it('holds its floor at the 120 kB budget or less, not above', () => {
    expect(figureFor(119_990).met).toBe(true);
    expect(figureFor(120_010).met).toBe(false);
    expect(figureFor(119_990).goal).toBe('floor ≤ 120 kB');
  });
});
