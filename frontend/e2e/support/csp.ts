import type { BrowserContext } from 'playwright-core';

/**
 * Content-Security-Policy violations seen by any guarded page since they were last taken. A
 * violation means the page tried something the policy forbids (an inline script, a foreign
 * origin): in production that part of the page silently does not work. Every browser test
 * fails on one (`csp-setup.ts` checks after each test).
 */
const violations: string[] = [];

/** Reports every CSP violation of the context's pages: the DOM event and Chromium's console line. */
export async function guardAgainstCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    violations.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { __reportCspViolation(text: string): void })
          .__reportCspViolation;
        void report(
          `${event.effectiveDirective} refused ${event.blockedURI || 'inline code'} ` +
            `(${event.sourceFile || 'the page'}:${event.lineNumber})`,
        );
      },
      true,
    );
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push(`${message.page()?.url() ?? 'a page'}: ${message.text()}`);
    }
  });
}

/** The violations seen since the last call, and forgets them. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}
