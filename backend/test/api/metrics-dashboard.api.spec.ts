import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { scrape, type Scrape } from '../support/prometheus-text';
import { startTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'dashboard-token-0123456789abcdef0123456789abcdef';
const DASHBOARD = join(__dirname, '../../../deploy/grafana/dashboards/solescore.json');

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}

/** PromQL words that are not metric names: functions, aggregations and their modifiers. */
const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'by',
  'without',
  'rate',
  'irate',
  'increase',
  'histogram_quantile',
  'clamp_min',
  'on',
  'ignoring',
  'and',
  'or',
  'unless',
  'e',
]);

/** The metric names a PromQL expression reads (label matchers, groupings and numbers removed). */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, '')
    .replace(/\b\d+(?:\.\d+)?(?:e-?\d+)?\b/g, '');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
    .map((m) => m[0])
    .filter((word) => !PROMQL_WORDS.has(word));
}

/** The family a sample name belongs to (a histogram's `_bucket`, `_sum`, `_count`). */
const familyOf = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

/** A sample of that name, or its family declared (a histogram before its first observation). */
function exists(scraped: Scrape, name: string): boolean {
  return (
    scraped.samples.some((s) => s.name === name) ||
    scraped.families.has(name) ||
    (familyOf(name) !== name && scraped.families.has(familyOf(name)))
  );
}

describe('the Grafana dashboard', () => {
  let app: TestApp;
  let scraped: Scrape;
  const panels = (JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] }).panels.filter(
    (panel) => panel.type !== 'row',
  );

  beforeAll(async () => {
    app = await startTestApp({ METRICS_TOKEN: TOKEN });
    await request(app.server).get('/api/health').expect(200);
    scraped = await scrape(app, TOKEN);
  });
  afterAll(() => app.close());

  it('reads the metric names out of PromQL', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{status=~"5.."}[5m]))) / clamp_min(sum(x_total), 1e-9)',
      ),
    ).toEqual(['http_request_duration_seconds_bucket', 'x_total']);
  });

  it('reads in every panel only metrics the app exposes', () => {
    const missing: string[] = [];
    for (const panel of panels) {
      expect(panel.targets?.length ?? 0).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        const names = metricNamesOf(target.expr);
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) {
          if (!exists(scraped, name)) missing.push(`${panel.title}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has a panel for each of the app’s own metric families and the process figures', () => {
    const read = new Set(
      panels.flatMap((panel) => (panel.targets ?? []).flatMap((t) => metricNamesOf(t.expr))),
    );
    const shown = new Set([...read].map(familyOf));
    const own = [...scraped.families].filter(
      (name) => name.startsWith('solescore_') || name.startsWith('http_'),
    );
    expect(own.length).toBeGreaterThanOrEqual(9);
    expect(own.filter((name) => !shown.has(name))).toEqual([]);
    for (const name of [
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(shown).toContain(name);
    }
  });
});
