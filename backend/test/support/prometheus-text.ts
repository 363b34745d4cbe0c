import request from 'supertest';
import { parsePrometheusText, type Scrape } from '../../src/bench/prometheus-text';
import type { TestApp } from './test-app';

export type { Scrape } from '../../src/bench/prometheus-text';

/** Scrapes the app's `/metrics` with its bearer token. */
export async function scrape(app: TestApp, token: string): Promise<Scrape> {
  const response = await request(app.server)
    .get('/metrics')
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  return parsePrometheusText(response.text);
}
