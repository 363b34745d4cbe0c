// The arithmetic of `npm run lighthouse`: the median of a page's runs, its first contentful paint
// beside its anchor's (a static file of the same bytes, served by the same server), and the table.

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(numbers) {
  if (numbers.length === 0) throw new Error('No numbers to take the median of');
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * One row per page from its runs (`{ performance, fcp, lcp }`, in points and ms) and its
 * anchor's runs (none when it has no anchor): each figure the median of its runs, and the ratio
 * of the page's median first contentful paint to the anchor's.
 */
export function summarize(page, runs, anchorRuns = []) {
  const of = (list, key) => median(list.map((run) => run[key]));
  const fcp = of(runs, 'fcp');
  const anchorFcp = anchorRuns.length > 0 ? of(anchorRuns, 'fcp') : null;
  return {
    page,
    runs: runs.length,
    performance: of(runs, 'performance'),
    anchorPerformance: anchorRuns.length > 0 ? of(anchorRuns, 'performance') : null,
    fcp,
    anchorFcp,
    ratio: anchorFcp === null ? null : fcp / anchorFcp,
    lcp: of(runs, 'lcp'),
  };
}

/**
 * The CPU slowdown that makes this host a mid-tier phone, from its `benchmarkIndex`, by the table
 * of Lighthouse's throttling documentation ("Calibrating multipliers"): a high-end desktop (1,500
 * and up) 4×, a low-end desktop (1,000 to 1,500) 2×, anything slower 1× (it is a phone already).
 */
export function calibratedMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex)) throw new Error('No benchmarkIndex to calibrate by');
  if (benchmarkIndex >= 1500) return 4;
  if (benchmarkIndex >= 1000) return 2;
  return 1;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The rows as a Markdown table, the ratio's goal (≤ `ratioGoal`×) read beside each. */
export function markdownTable(rows, ratioGoal = 1.2) {
  const lines = [
    '| page | performance | anchor performance | FCP | anchor FCP | FCP / anchor | LCP |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const ratio =
      row.ratio === null
        ? 'n/a'
        : `${row.ratio.toFixed(2)}× ${row.ratio <= ratioGoal ? '(≤ ' : '(**over** '}${ratioGoal}×)`;
    lines.push(
      `| ${row.page} | ${Math.round(row.performance)} | ${row.anchorPerformance == null ? 'n/a' : Math.round(row.anchorPerformance)} | ${seconds(row.fcp)} | ${row.anchorFcp === null ? 'n/a' : seconds(row.anchorFcp)} | ${ratio} | ${seconds(row.lcp)} |`,
    );
  }
  return lines.join('\n');
}
