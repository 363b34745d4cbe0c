// `npm run lighthouse [-- URL...]`: Lighthouse's mobile audit of pages of a started app (default
// http://127.0.0.1:3000/) in Debian's Chromium, headless, 3 runs a page. Prints each page's four
// category scores (performance, accessibility, best practices, SEO) from its first run, then a
// table of each page's median performance, first contentful paint and largest contentful paint.
//
// `npm run lighthouse -- --start [PATH...]` starts the built app itself (scripts/seeded-app.mjs:
// a fresh data directory holding one rated post) and audits the home, board and post pages, or
// the paths given (`{post}` in a path stands for the seeded post's id). Each page then has an
// anchor (issue 58): a static file of the same bytes as the page the server rendered, served by
// the same server from the built frontend's folder (compressed as the page is), audited in the
// same rounds; the table sets the page's performance and first contentful paint beside the
// anchor's (goal: at most 1.2×). The anchors are removed at the end.
//
// Every audit runs at Lighthouse's default CPU slowdown (4×), then, where this host's
// benchmarkIndex calls for another, at the slowdown that makes it a mid-tier phone
// (`calibratedMultiplier`, the throttling documentation's table); each table says the host's
// benchmarkIndex and load average.
// `--json=DIR` keeps each run's full report there. Set CHROME_PATH to use another Chromium.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Buffer } from 'node:buffer';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import process, { argv, env, stderr, stdout } from 'node:process';
import { URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { calibratedMultiplier, markdownTable, median, summarize } from './lighthouse-table.mjs';
import { startSeededApp } from './seeded-app.mjs';

const chromePath = env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
const CATEGORIES = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'best practices'],
  ['seo', 'SEO'],
];
const METRICS = [
  ['first-contentful-paint', 'first contentful paint'],
  ['largest-contentful-paint', 'largest contentful paint'],
  ['total-blocking-time', 'total blocking time'],
  ['cumulative-layout-shift', 'cumulative layout shift'],
  ['speed-index', 'speed index'],
];
/** What `--start` audits: the home page, the board and the seeded post's page. */
const STARTED_PATHS = ['/', '/leaderboard', '/post/{post}'];
/** Where the app serves its static files from (backend/src/config: FRONTEND_DIR's default). */
const FRONTEND_DIST = resolve(import.meta.dirname, '../dist');

const print = (line) => stdout.write(`${line}\n`);

function parseArgs(args) {
  const options = { start: false, jsonDir: null, targets: [] };
  for (const arg of args) {
    if (arg === '--start') options.start = true;
    else if (arg.startsWith('--json=')) options.jsonDir = arg.slice('--json='.length);
    else if (arg.startsWith('--'))
      throw new Error(`Unknown option ${arg} (known: --start, --json=DIR)`);
    else options.targets.push(arg);
  }
  return options;
}

async function checkAnswers(url) {
  const answer = await globalThis.fetch(url).catch((error) => {
    throw new Error(
      `Nothing answers at ${url} (${error.cause?.code ?? error.message}): start the app first, or pass --start`,
    );
  });
  if (!answer.ok) throw new Error(`${url} answers ${answer.status}`);
}

/**
 * Writes each page's HTML, as the server renders it now, into the built frontend's folder as
 * `lighthouse-anchor-<n>.html`, with the brotli and gzip copies the server sends static files as
 * (brotli at the quality it compresses its pages with). Notes each in `files` before writing it.
 */
async function writeAnchors(urls, files) {
  for (const [index, url] of urls.entries()) {
    const html = Buffer.from(await (await globalThis.fetch(url)).arrayBuffer());
    const file = join(FRONTEND_DIST, `lighthouse-anchor-${index + 1}.html`);
    const brotli = brotliCompressSync(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
    files.push({ file, html });
    writeFileSync(file, html);
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 6 }));
  }
}

/** Fails unless the anchor at `url` answers the bytes written, compressed. */
async function checkAnchor(url, html) {
  const answer = await globalThis.fetch(url);
  const body = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok || !body.equals(html) || !answer.headers.get('content-encoding')) {
    throw new Error(`The anchor ${url} is not served as written (${answer.status})`);
  }
}

/**
 * One Lighthouse run of `url`: its report. No throttling given: Lighthouse's default, the mobile
 * preset (a mid-range phone, throttled 4G, the CPU slowed 4×); else the preset's throttling with
 * these settings over it.
 */
async function auditOnce(url, port, throttling = null) {
  const config = throttling
    ? { extends: 'lighthouse:default', settings: { throttling } }
    : undefined;
  const run = () =>
    lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES.map(([id]) => id),
      },
      config,
    );
  let { lhr } = await run();
  // A fresh Chromium's first trace sometimes misses its navigation start: once more then.
  if (lhr.runtimeError?.code === 'NO_NAVSTART') ({ lhr } = await run());
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  }
  return lhr;
}

function printScores(url, lhr) {
  print(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${url}`);
  for (const [id, name] of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    print(
      `  ${name.padEnd(16)} ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)}`,
    );
  }
  for (const [id, name] of METRICS) {
    const metric = lhr.audits[id];
    if (metric?.displayValue) print(`    ${name.padEnd(26)} ${metric.displayValue}`);
  }
  for (const warning of lhr.runWarnings ?? []) print(`  warning: ${warning}`);
}

/** The figures the table reads from one run: performance in points, the paints in ms. */
function figuresOf(lhr) {
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
  };
}

let app = null;
let chrome = null;
const anchors = [];
try {
  const options = parseArgs(argv.slice(2));
  let urls = options.targets.length > 0 ? options.targets : ['http://127.0.0.1:3000/'];
  let anchorUrls = [];
  let labels = urls.map((url) => new URL(url).pathname);
  if (options.start) {
    app = await startSeededApp();
    const paths = options.targets.length > 0 ? options.targets : STARTED_PATHS;
    labels = paths;
    urls = paths.map((path) => new URL(path.replace('{post}', app.postId), app.baseUrl).href);
    await writeAnchors(urls, anchors);
    // The server reads its static files' compressed copies at start.
    await app.restart();
    anchorUrls = anchors.map(
      ({ file }) => new URL(file.slice(FRONTEND_DIST.length), app.baseUrl).href,
    );
    for (const [index, url] of anchorUrls.entries()) await checkAnchor(url, anchors[index].html);
  }
  for (const url of urls) await checkAnswers(url);
  if (options.jsonDir) mkdirSync(options.jsonDir, { recursive: true });
  chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  // First Lighthouse's default (4×), then the slowdown that makes this host a mid-tier phone
  // (`calibratedMultiplier`, from the default runs' benchmarkIndex), when that is another.
  const series = async (name, throttling) => {
    print(
      `\n${name}: load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
    const runs = urls.map(() => ({ page: [], anchor: [] }));
    const benchmarks = [];
    let settings = null;
    for (let round = 0; round < RUNS; round++) {
      for (const [index, url] of urls.entries()) {
        // The page and its anchor take turns at going first, so neither always meets a warmer
        // server.
        const order = [
          ['page', url],
          ['anchor', anchorUrls[index]],
        ].filter(([, target]) => target);
        if (round % 2 === 1) order.reverse();
        for (const [kind, target] of order) {
          const lhr = await auditOnce(target, chrome.port, throttling);
          benchmarks.push(lhr.environment.benchmarkIndex);
          settings = lhr.configSettings;
          if (options.jsonDir) {
            writeFileSync(
              join(options.jsonDir, `${name}-${kind}-${index + 1}-run-${round + 1}.json`),
              JSON.stringify(lhr),
            );
          }
          if (round === 0 && kind === 'page') printScores(target, lhr);
          const figures = figuresOf(lhr);
          runs[index][kind].push(figures);
          print(
            `  run ${round + 1}/${RUNS} ${kind.padEnd(6)} ${new URL(target).pathname}: performance ${figures.performance}, FCP ${Math.round(figures.fcp)} ms, LCP ${Math.round(figures.lcp)} ms`,
          );
        }
      }
    }
    const rows = labels.map((label, index) =>
      summarize(label, runs[index].page, runs[index].anchor),
    );
    print(
      `\n${name}, median of ${RUNS} runs a page (Lighthouse mobile; benchmarkIndex ${Math.round(median(benchmarks))}, load average ${loadavg()[0].toFixed(2)}):\n`,
    );
    print(markdownTable(rows));
    return { benchmarkIndex: median(benchmarks), throttling: settings.throttling };
  };
  const first = await series('CPU 4× (Lighthouse’s default)', null);
  const multiplier = calibratedMultiplier(first.benchmarkIndex);
  if (multiplier === 4) {
    print(
      `\nCalibrated for a mid-tier phone: 4× at benchmarkIndex ${Math.round(first.benchmarkIndex)}, the default: the table above is the calibrated one.`,
    );
  } else {
    await series(`CPU ${multiplier}× (calibrated for a mid-tier phone)`, {
      ...first.throttling,
      cpuSlowdownMultiplier: multiplier,
    });
  }
} catch (error) {
  stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  await app?.stop();
  for (const { file } of anchors) {
    for (const copy of [file, `${file}.br`, `${file}.gz`]) rmSync(copy, { force: true });
  }
}
