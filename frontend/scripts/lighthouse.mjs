// `npm run lighthouse [-- URL...]`: Lighthouse's mobile audit of pages of a started app (default
// http://127.0.0.1:3000/) in Debian's Chromium, headless. Prints each page's four category scores
// (performance, accessibility, best practices, SEO) and the performance metrics behind the first.
//
// `npm run lighthouse -- --start [PATH...]` starts the built app itself (scripts/seeded-app.mjs:
// a fresh data directory holding one rated post) and audits the home, board and post pages, or
// the paths given (`{post}` in a path stands for the seeded post's id).
// `--json=DIR` keeps each page's full report there. Set CHROME_PATH to use another Chromium.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process, { argv, env, stderr, stdout } from 'node:process';
import { URL } from 'node:url';

import { startSeededApp } from './seeded-app.mjs';

const chromePath = env.CHROME_PATH ?? '/usr/bin/chromium';
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

/** Audits one page; prints its scores and metrics and answers its performance score. */
async function audit(url, port, jsonDir, index) {
  // No config: Lighthouse's default is the mobile preset (a mid-range phone, throttled 4G).
  const run = () =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map(([id]) => id),
    });
  let { lhr } = await run();
  // A fresh Chromium's first trace sometimes misses its navigation start: once more then.
  if (lhr.runtimeError?.code === 'NO_NAVSTART') ({ lhr } = await run());
  if (lhr.runtimeError) {
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  }
  if (jsonDir) writeFileSync(join(jsonDir, `page-${index + 1}.json`), JSON.stringify(lhr));
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
  return Math.round((lhr.categories.performance?.score ?? 0) * 100);
}

let app = null;
let chrome = null;
try {
  const options = parseArgs(argv.slice(2));
  let urls = options.targets.length > 0 ? options.targets : ['http://127.0.0.1:3000/'];
  if (options.start) {
    app = await startSeededApp();
    const paths = options.targets.length > 0 ? options.targets : STARTED_PATHS;
    urls = paths.map((path) => new URL(path.replace('{post}', app.postId), app.baseUrl).href);
  }
  for (const url of urls) await checkAnswers(url);
  if (options.jsonDir) mkdirSync(options.jsonDir, { recursive: true });
  chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const scores = [];
  for (const [index, url] of urls.entries()) {
    scores.push([url, await audit(url, chrome.port, options.jsonDir, index)]);
  }
  if (scores.length > 1) {
    print('Performance by page:');
    for (const [url, score] of scores) print(`  ${String(score).padStart(3)}  ${url}`);
  }
} catch (error) {
  stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  await app?.stop();
}
