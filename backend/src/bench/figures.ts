/**
 * The bench's figures, each beside its anchor: the physical limit it chases, measured in the
 * same run on the same data. On a shared machine absolute figures swing by a factor of three
 * from one run to the next; the ratio to an anchor measured moments before swings far less.
 */
export interface Measure {
  /** What was measured, e.g. "raw better-sqlite3, one insert per fsynced transaction". */
  name: string;
  value: number;
  unit: string;
}

/**
 * The goal a figure is read against: a bound on its ratio to the anchor, and optionally bounds
 * on its own value or on a second measure (a p99). Printed and written out, never asserted.
 */
export interface Goal {
  ratioAtLeast?: number;
  ratioAtMost?: number;
  valueAtLeast?: number;
  valueAtMost?: number;
  /** A further bound on a named measure of the figure, e.g. p99 at most 25 ms. */
  also?: { name: string; value: number; atMost?: number; atLeast?: number; unit: string };
  /**
   * A floor, not a goal: the figure is bound by the machine and no longer chased, and the bound
   * only shows a regression ("floor ratio ≥ 7×: held", or "BROKEN").
   */
  floor?: true;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  anchor: Measure | null;
  /** value / anchor.value; null without an anchor. */
  ratio: number | null;
  /** The goal in words, e.g. "ratio ≥ 5×, value ≥ 20000 events/s"; null when there is none. */
  goal: string | null;
  /** Whether every bound of the goal holds; null without a goal. */
  met: boolean | null;
  /** Further measures that explain the figure (latencies, sizes), by name. */
  details?: Record<string, number | string>;
  /**
   * When the figure and its anchor were measured in alternating rounds (see `alternate`): the
   * ratio above is the median of the rounds' ratios, and these are all of them, with their spread.
   */
  rounds?: { ratios: number[]; min: number; max: number };
}

/** A figure and its anchor measured in alternating rounds: each round's value and anchor. */
export interface Rounds {
  values: number[];
  anchors: number[];
}

/**
 * Measures a figure and its anchor in `count` alternating rounds (figure then anchor, then anchor
 * then figure, so neither always runs on a warmer or a busier machine), so that a change of load
 * during the run hits both. Read with `Report.figure(…, { rounds })`: the ratio is the median of
 * the rounds' ratios, reported with their spread.
 */
export async function alternate(
  count: number,
  figure: (round: number) => Promise<number> | number,
  anchor: (round: number) => Promise<number> | number,
): Promise<Rounds> {
  const rounds: Rounds = { values: [], anchors: [] };
  for (let round = 0; round < count; round++) {
    if (round % 2 === 0) {
      rounds.values.push(await figure(round));
      rounds.anchors.push(await anchor(round));
    } else {
      rounds.anchors.push(await anchor(round));
      rounds.values.push(await figure(round));
    }
  }
  return rounds;
}

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(numbers: readonly number[]): number {
  if (numbers.length === 0) throw new Error('No numbers to take the median of.');
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export class Report {
  readonly figures: Figure[] = [];

  constructor(private readonly out: (text: string) => void) {}

  heading(text: string): void {
    this.out(`\n${text}\n\n`);
  }

  /** Records figures measured and printed elsewhere (a section run in a process of its own). */
  record(figures: readonly Figure[]): void {
    this.figures.push(...figures);
  }

  /**
   * Records a figure and prints it beside its anchor, the ratio and whether the goal is met.
   * Measured in alternating rounds (`measured.rounds`), the value and the anchor's are the
   * medians of the rounds' (the anchor's `value` is then ignored), and the ratio is the median of
   * the rounds' ratios.
   */
  figure(
    name: string,
    measured: { value: number; unit: string } | { rounds: Rounds; unit: string },
    anchor: Measure | null,
    goal: Goal | null = null,
    details?: Record<string, number | string>,
  ): Figure {
    let ratio: number | null;
    let rounds: Figure['rounds'];
    if ('rounds' in measured) {
      const { values, anchors } = measured.rounds;
      if (anchor === null) throw new Error(`${name}: rounds need an anchor.`);
      const ratios = values.map((value, round) => value / anchors[round]!);
      anchor = { ...anchor, value: median(anchors) };
      measured = { value: median(values), unit: measured.unit };
      ratio = median(ratios);
      rounds = { ratios, min: Math.min(...ratios), max: Math.max(...ratios) };
    } else {
      ratio = anchor && anchor.value > 0 ? measured.value / anchor.value : null;
    }
    const figure: Figure = {
      name,
      value: measured.value,
      unit: measured.unit,
      anchor,
      ratio,
      goal: goal ? describeGoal(goal, measured.unit) : null,
      met: goal ? meets(goal, measured.value, ratio) : null,
      ...(details ? { details } : {}),
      ...(rounds ? { rounds } : {}),
    };
    this.figures.push(figure);
    this.print(figure);
    return figure;
  }

  private print(figure: Figure): void {
    this.out(`${figure.name}\n`);
    const also = figure.details
      ? `  (${Object.entries(figure.details)
          .map(([key, value]) => `${key} ${typeof value === 'number' ? round(value) : value}`)
          .join(', ')})`
      : '';
    this.out(`    ${formatValue(figure.value)} ${figure.unit}${also}\n`);
    if (figure.anchor) {
      this.out(
        `    anchor: ${formatValue(figure.anchor.value)} ${figure.anchor.unit}, ${figure.anchor.name}\n`,
      );
    }
    if (figure.ratio !== null || figure.goal !== null) {
      const spread = figure.rounds
        ? ` (median of ${figure.rounds.ratios.length} rounds, ${figure.rounds.min.toFixed(2)}–${figure.rounds.max.toFixed(2)})`
        : '';
      const ratio = figure.ratio === null ? '' : `ratio ${figure.ratio.toFixed(2)}×${spread}`;
      const verdict = figure.goal?.startsWith('floor ')
        ? figure.met
          ? 'held'
          : 'BROKEN'
        : figure.met
          ? 'met'
          : 'NOT MET';
      const goal =
        figure.goal === null
          ? ''
          : `${figure.goal.startsWith('floor ') ? '' : 'goal '}${figure.goal}: ${verdict}`;
      this.out(`    ${[ratio, goal].filter(Boolean).join('; ')}\n`);
    }
  }
}

function meets(goal: Goal, value: number, ratio: number | null): boolean {
  const checks: boolean[] = [];
  if (goal.ratioAtLeast !== undefined) checks.push(ratio !== null && ratio >= goal.ratioAtLeast);
  if (goal.ratioAtMost !== undefined) checks.push(ratio !== null && ratio <= goal.ratioAtMost);
  if (goal.valueAtLeast !== undefined) checks.push(value >= goal.valueAtLeast);
  if (goal.valueAtMost !== undefined) checks.push(value <= goal.valueAtMost);
  if (goal.also?.atMost !== undefined) checks.push(goal.also.value <= goal.also.atMost);
  if (goal.also?.atLeast !== undefined) checks.push(goal.also.value >= goal.also.atLeast);
  return checks.every(Boolean);
}

function describeGoal(goal: Goal, unit: string): string {
  const parts: string[] = [];
  if (goal.ratioAtLeast !== undefined) parts.push(`ratio ≥ ${goal.ratioAtLeast}×`);
  if (goal.ratioAtMost !== undefined) parts.push(`ratio ≤ ${goal.ratioAtMost}×`);
  if (goal.valueAtLeast !== undefined) parts.push(`≥ ${goal.valueAtLeast} ${unit}`);
  if (goal.valueAtMost !== undefined) parts.push(`≤ ${goal.valueAtMost} ${unit}`);
  if (goal.also) {
    const { name, atMost, atLeast, unit: alsoUnit } = goal.also;
    if (atMost !== undefined) parts.push(`${name} ≤ ${atMost} ${alsoUnit}`);
    if (atLeast !== undefined) parts.push(`${name} ≥ ${atLeast} ${alsoUnit}`);
  }
  return `${goal.floor ? 'floor ' : ''}${parts.join(', ')}`;
}

/** A count as it is (`failures 0`, `cores 2`), else two decimals below 100 and none from 100. */
function round(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return Math.abs(value) >= 100 ? String(Math.round(value)) : value.toFixed(2);
}

function formatValue(value: number): string {
  return round(value);
}

/** Events (or requests) per second from a count and a duration in milliseconds. */
export function perSecond(count: number, ms: number): number {
  return (count / ms) * 1000;
}

/**
 * The ratio each round could have reached at most, had its work never waited: `count` events in
 * the round's busy time (the thread that bounds it kept busy, or CPU time across threads shared
 * out over the cores), per second, against that round's anchor. A throughput ratio at or near
 * this is bound by its CPU; one well below it, by what it waits for. Read its median.
 */
export function busyBoundRatios(
  count: number,
  busyMs: readonly number[],
  anchors: readonly number[],
): number[] {
  if (busyMs.length !== anchors.length) throw new Error('One busy time per round, please.');
  return busyMs.map((ms, round) => perSecond(count, ms) / anchors[round]!);
}
