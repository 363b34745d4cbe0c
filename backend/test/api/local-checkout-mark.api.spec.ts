import { rmSync } from 'node:fs';
import request from 'supertest';
import { fakeFrontend } from '../support/fake-frontend';
import { startTestApp } from '../support/test-app';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>SoleScore</title></head>' +
  '<body><div id="root"></div></body></html>';
const MARKER = '<meta name="checkout" content="local" />';

/** The app's page at `path` from an app started with `env`. */
async function pageOf(env: Record<string, string>, path: string): Promise<string> {
  const frontendDir = fakeFrontend(INDEX_HTML, { 'assets/index-abc.js': 'console.log("app")' });
  const app = await startTestApp({ FRONTEND_DIR: frontendDir, ...env });
  try {
    return (await request(app.server).get(path).expect(200)).text;
  } finally {
    await app.close();
    rmSync(frontendDir, { recursive: true, force: true });
  }
}

describe('the app’s page names the checkout that takes payments', () => {
  it('given no Stripe keys (the local test checkout), when a page is asked for, then it carries the marker the boost pages read', async () => {
    const page = await pageOf({}, '/');

    expect(page).toContain(MARKER);
    expect(page.indexOf(MARKER)).toBeLessThan(page.indexOf('</head>'));
  });

  it('given Stripe keys, when a page is asked for, then it carries no marker', async () => {
    const page = await pageOf(
      { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_fake_secret_for_tests' },
      '/',
    );

    expect(page).not.toContain('name="checkout"');
  });
});
