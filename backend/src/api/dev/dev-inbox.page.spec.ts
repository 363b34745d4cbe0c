import type { SentMail } from '../../application/ports/mail.port';
import { inboxPage, withLinks } from './dev-inbox.page';

const mail = (overrides: Partial<SentMail> = {}): SentMail => ({
  to: 'ann@example.com',
  subject: 'Verify your email for SoleScore',
  text: 'Open http://localhost:3000/verify-email?token=a%2Bb&x=1 within 24 hours.',
  html: '<p>ignored</p>',
  sentAt: '2026-05-02T14:03:11.000Z',
  ...overrides,
});

describe('the development inbox page', () => {
  it('given no mail, when it is drawn, then it says how to get some', () => {
    const html = inboxPage([]);
    expect(html).toContain('No mail yet. Sign up or ask for a password reset');
    expect(html).not.toContain('<ol');
  });

  it('given mails, when it is drawn, then each shows its recipient, subject, time and linked text in the given order', () => {
    const html = inboxPage([mail({ subject: 'Second' }), mail({ subject: 'First' })]);
    expect(html).toContain('2 mails, newest first.');
    expect(html.indexOf('>Second</h2>')).toBeLessThan(html.indexOf('>First</h2>'));
    expect(html).toContain('<dd>ann@example.com</dd>');
    expect(html).toContain(
      '<time datetime="2026-05-02T14:03:11.000Z">2026-05-02 14:03:11 UTC</time>',
    );
    expect(html).toContain(
      '<a href="http://localhost:3000/verify-email?token=a%2Bb&amp;x=1">http://localhost:3000/verify-email?token=a%2Bb&amp;x=1</a>',
    );
    expect(inboxPage([mail()])).toContain('1 mail, newest first.');
  });

  it('given text a user chose, when it is drawn, then nothing of it becomes markup', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
    const html = inboxPage([
      mail({ to: `${hostile}@example.com`, subject: hostile, text: hostile, sentAt: hostile }),
    ]);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;',
    );
    // The mail's own HTML body is never drawn.
    expect(inboxPage([mail()])).not.toContain('ignored');
  });

  it('given addresses that are not http(s) or that try to leave the attribute, when linked, then only the http(s) part is a link', () => {
    expect(withLinks('javascript:alert(1) data:text/html,x')).toBe(
      'javascript:alert(1) data:text/html,x',
    );
    expect(withLinks('see https://a.example/x"onmouseover="alert(1) now')).toBe(
      'see <a href="https://a.example/x">https://a.example/x</a>&quot;onmouseover=&quot;alert(1) now',
    );
    expect(withLinks('<https://a.example/?q=<b>>')).toBe(
      '&lt;<a href="https://a.example/?q=">https://a.example/?q=</a>&lt;b&gt;&gt;',
    );
  });
});
