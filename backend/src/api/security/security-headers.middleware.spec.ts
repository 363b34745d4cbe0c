import express from 'express';
import request from 'supertest';
import { inlineScriptHashes, securityHeaders } from './security-headers.middleware';

function served(production: boolean) {
  const app = express();
  app.use(securityHeaders({ production, scriptHashes: ["'sha256-abc='"] }));
  app.get('/', (_req, res) => res.send('ok'));
  return app;
}

describe('security headers', () => {
  it('given a development start, when any answer is sent, then it carries exactly the chosen headers', async () => {
    const response = await request(served(false)).get('/').expect(200);
    const csp = (response.headers['content-security-policy'] as string)
      .split(';')
      .map((directive) => directive.trim());
    expect(csp).toEqual([
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "style-src 'self' 'unsafe-inline'",
      "script-src 'self' 'sha256-abc='",
      "object-src 'none'",
      "connect-src 'self'",
      "font-src 'self' data:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self' https://checkout.stripe.com",
    ]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toBe('camera=(), microphone=(), geolocation=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    for (const absent of [
      'cross-origin-resource-policy',
      'cross-origin-embedder-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]) {
      expect(response.headers[absent]).toBeUndefined();
    }
  });

  it('given a production start, when any answer is sent, then it asks for https for a year', async () => {
    const response = await request(served(true)).get('/').expect(200);
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('given a page with an inline script and a linked one, when hashed, then only the inline one is allowed by its hash', () => {
    const hashes = inlineScriptHashes(
      '<script>document.documentElement.dataset.theme = "dark"</script><script src="/app.js"></script>',
    );
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  });
});
