// `npm run lighthouse [-- URL]`: Lighthouse's mobile audit of a started app (default
// http://127.0.0.1:3000) in Debian's Chromium, headless. Prints the four category scores
// (performance, accessibility, best practices, SEO) and the performance metrics behind the first.
// Set CHROME_PATH to use another Chromium or Chrome.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import process, { argv, env, exit, stderr, stdout } from 'node:process';

const url = argv[2] ?? 'http://127.0.0.1:3000';
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

const print = (line) => stdout.write(`${line}\n`);

try {
  const answer = await globalThis.fetch(url).catch((error) => {
    throw new Error(
      `Nothing answers at ${url} (${error.cause?.code ?? error.message}): start the app first`,
    );
  });
  if (!answer.ok) throw new Error(`${url} answers ${answer.status}`);
} catch (error) {
  stderr.write(`${error.message}\n`);
  exit(1);
}

const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  // No config: Lighthouse's default is the mobile preset (a mid-range phone, throttled 4G).
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES.map(([id]) => id),
  });
  const { lhr } = result;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  print(`Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${url}`);
  for (const [id, name] of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    print(
      `  ${name.padEnd(16)} ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)}`,
    );
  }
  for (const [id, name] of METRICS) {
    const audit = lhr.audits[id];
    if (audit?.displayValue) print(`    ${name.padEnd(26)} ${audit.displayValue}`);
  }
  for (const warning of lhr.runWarnings ?? []) print(`  warning: ${warning}`);
} catch (error) {
  stderr.write(`${error.message}\n`);
  process.exitCode = 1;
} finally {
  await chrome.kill();
}
