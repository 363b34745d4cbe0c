import { RedactingLogger, withoutEmailAddresses } from './redacting-logger';

function captured(run: (logger: RedactingLogger) => void): string {
  const written: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  };
  const out = jest.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    run(new RedactingLogger(['log', 'warn', 'error']));
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return written.join('');
}

describe('the app’s logger', () => {
  it('masks an email address in a logged message, whatever its level', () => {
    const text = captured((logger) => {
      logger.log('Mail to ann@example.com', 'Mail');
      logger.warn('Retrying bob.smith+feet@mail.example.org');
    });
    expect(text).toContain('Mail to [email address]');
    expect(text).not.toContain('@');
  });

  it('masks an address inside an error from below, its message and its stack', () => {
    // What nodemailer throws when the SMTP server refuses the recipient.
    const refused = new Error(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <ann@example.com>: Recipient address rejected",
    );
    const text = captured((logger) => {
      logger.error('Could not send the verification mail', refused.stack);
      logger.error(refused);
    });
    expect(text).toContain('Recipient address rejected');
    expect(text).not.toContain('ann@example.com');
  });

  it('leaves lines without an address as they are', () => {
    expect(withoutEmailAddresses('Closed the weekly competition of 2026-W47')).toBe(
      'Closed the weekly competition of 2026-W47',
    );
  });
});
