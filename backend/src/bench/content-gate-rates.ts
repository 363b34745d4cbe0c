/**
 * `npm run gate:rates -- DIR [--verbose]`: runs the offline content gate over every image under DIR
 * and prints, per class (each sub-folder, e.g. feet/, faces/), how many passed, were held or
 * refused and why, with the time per image, load time and peak memory; `--verbose` adds each
 * image's scores. For calibrating the thresholds in `infrastructure/content-gate/gate-rules.ts` on
 * a set of one's own; nothing here asserts a rate.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import type { GateDecision } from '../application/ports/content-gate.port';
import { OfflineContentGate } from '../infrastructure/content-gate/offline-content-gate';
import { decodeImage } from '../infrastructure/images/image-pipeline';
import { latencies } from './bench-http';
import { peakRssBytes } from './peak-rss';

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp']);

export interface ClassRates {
  images: number;
  pass: number;
  review: number;
  refuse: number;
  /** Outcome and reason, e.g. "refuse face", by count. */
  reasons: Record<string, number>;
}

/** Every image below `dir`, by class: the first folder under `dir` (`.` for files at its top). */
export function imagesByClass(dir: string): Map<string, string[]> {
  const classes = new Map<string, string[]>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (IMAGE_EXTENSIONS.has(extname(name).toLowerCase())) {
        const label = relative(dir, folder).split(/[\\/]/)[0] || '.';
        classes.set(label, [...(classes.get(label) ?? []), path]);
      }
    }
  };
  walk(dir);
  return classes;
}

/** Counts the decisions of one class. */
export function tally(decisions: readonly GateDecision[]): ClassRates {
  const rates: ClassRates = { images: 0, pass: 0, review: 0, refuse: 0, reasons: {} };
  for (const { outcome, reason } of decisions) {
    rates.images += 1;
    rates[outcome] += 1;
    const key = reason ? `${outcome} ${reason}` : outcome;
    rates.reasons[key] = (rates.reasons[key] ?? 0) + 1;
  }
  return rates;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith('--'));
  const verbose = args.includes('--verbose');
  if (!dir) {
    process.stderr.write('Usage: npm run gate:rates -- DIR [--verbose]\n');
    process.exit(2);
  }
  const classes = imagesByClass(dir);
  const gate = new OfflineContentGate({ queueLength: 1, timeoutMs: 120_000 });
  try {
    const load = await gate.loadReport();
    const out = (line: string) => process.stdout.write(`${line}\n`);
    out(`models loaded in ${Math.round(load.loadMs)} ms, RSS then ${mb(load.rssBytes)} MB`);
    const times: number[] = [];
    for (const [label, files] of classes) {
      const decisions: GateDecision[] = [];
      for (const file of files) {
        const image = await decodeImage(readFileSync(file));
        const started = performance.now();
        const decision = await gate.judge(image);
        if (decision.reason !== 'too_small') times.push(performance.now() - started);
        decisions.push(decision);
        if (verbose) {
          const scores = Object.entries(decision.scores)
            .filter(([, value]) => value >= 0.1)
            .map(([key, value]) => `${key} ${value.toFixed(2)}`)
            .join(', ');
          out(
            `  ${label}/${basename(file)}: ${decision.outcome} ${decision.reason ?? ''} (${scores})`,
          );
        }
      }
      const rates = tally(decisions);
      const reasons = Object.entries(rates.reasons)
        .map(([key, count]) => `${key} ${count}`)
        .join(', ');
      out(
        `${label}: ${rates.images} images: ${rates.pass} pass, ${rates.review} review, ${rates.refuse} refuse (${reasons})`,
      );
    }
    const { p50, p99 } = latencies(times);
    out(
      `per image (its decoded pixels scaled, three models): median ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms over ${times.length}`,
    );
    out(`peak RSS of the process: ${Math.round(peakRssBytes() / (1024 * 1024))} MB`);
  } finally {
    await gate.close();
  }
}

function mb(bytes: number): number {
  return Math.round(bytes / 2 ** 20);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  });
}
