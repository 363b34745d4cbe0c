/**
 * `npm run bench:compare -- BASELINE.json RUN.json`: two runs of `npm run bench -- --json`
 * side by side, figure by figure (matched by name, see `pairFigures`): each one's ratio to its
 * anchor in both runs and the change, and whether its goal is met. Ratios are what compare across
 * runs on a shared machine; absolute values are printed for reference only.
 */
import { readFileSync } from 'node:fs';
import type { Figure } from './figures';

/**
 * Each figure of a run beside the baseline's figure of the same name, or undefined when the
 * baseline has none; then the baseline's figures this run does not have. Names may repeat (each
 * board's "the same while one client likes…" row): the n-th figure of a name is paired with the
 * baseline's n-th of that name, in the order the runs printed them.
 */
export function pairFigures<F extends Pick<Figure, 'name'>>(
  baseline: readonly F[],
  run: readonly F[],
): { pairs: { figure: F; old: F | undefined }[]; onlyInBaseline: F[] } {
  const waiting = new Map<string, F[]>();
  for (const figure of baseline) {
    const same = waiting.get(figure.name);
    if (same) same.push(figure);
    else waiting.set(figure.name, [figure]);
  }
  const pairs = run.map((figure) => ({ figure, old: waiting.get(figure.name)?.shift() }));
  const left = new Set([...waiting.values()].flat());
  return { pairs, onlyInBaseline: baseline.filter((figure) => left.has(figure)) };
}

interface Run {
  startedAt: string;
  scale: number;
  machine: { cores: number; cpu: string; node: string };
  label?: string;
  figures: Figure[];
}

function load(file: string): Run {
  return JSON.parse(readFileSync(file, 'utf8')) as Run;
}

function main() {
  const [baselineFile, runFile] = process.argv.slice(2);
  if (!baselineFile || !runFile) {
    throw new Error('Usage: npm run bench:compare -- BASELINE.json RUN.json');
  }
  const baseline = load(baselineFile);
  const run = load(runFile);
  const out = (text: string) => process.stdout.write(`${text}\n`);
  for (const [name, r] of [
    ['baseline', baseline],
    ['this run', run],
  ] as const) {
    out(
      `${name}: ${r.startedAt}, scale ${r.scale}, ${r.machine.cores} cores, ${r.machine.node}${r.label ? `, ${r.label}` : ''}`,
    );
  }
  if (baseline.scale !== run.scale) out('NOTE: the runs are at different scales');
  out('');
  const { pairs, onlyInBaseline } = pairFigures(baseline.figures, run.figures);
  const fmt = (n: number | null | undefined) =>
    n === null || n === undefined ? '-' : Math.abs(n) >= 100 ? String(Math.round(n)) : n.toFixed(2);
  for (const { figure, old } of pairs) {
    out(figure.name);
    const met = (f: Figure | undefined) =>
      f?.met === null || !f ? '' : f.met ? ' met' : ' NOT MET';
    if (figure.ratio !== null) {
      const change =
        old?.ratio && figure.ratio
          ? ` (${((figure.ratio / old.ratio - 1) * 100).toFixed(0)}%)`
          : '';
      out(
        `    ratio ${fmt(old?.ratio)}× -> ${fmt(figure.ratio)}×${change}; goal ${figure.goal ?? 'none'}:${met(old) || ' -'} ->${met(figure) || ' -'}`,
      );
    }
    out(`    value ${fmt(old?.value)} -> ${fmt(figure.value)} ${figure.unit}`);
  }
  for (const { name } of onlyInBaseline) out(`${name}\n    only in the baseline`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
