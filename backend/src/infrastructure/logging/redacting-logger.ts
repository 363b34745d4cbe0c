import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Anything that looks like an email address, as printed in a log line. */
const EMAIL_ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;

/** A log line keeps no email address: logs are kept and copied, and cannot forget an erasure. */
export function withoutEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email address]');
}

/**
 * The app's one logger: Nest's console logger, with every email address masked in what it
 * prints (messages, errors logged as objects, stacks). Errors from below (an SMTP server's
 * "550 <ann@example.com>: Recipient address rejected", a driver quoting a value) reach the log
 * without their addresses, whoever logs them.
 */
export class RedactingLogger extends ConsoleLogger {
  constructor(logLevels: LogLevel[]) {
    super({ logLevels });
  }

  protected override formatMessage(
    logLevel: LogLevel,
    message: unknown,
    pidMessage: string,
    formattedLogLevel: string,
    contextMessage: string,
    timestampDiff: string,
  ): string {
    return withoutEmailAddresses(
      super.formatMessage(
        logLevel,
        message,
        pidMessage,
        formattedLogLevel,
        contextMessage,
        timestampDiff,
      ),
    );
  }

  protected override printStackTrace(stack: string | undefined): void {
    super.printStackTrace(typeof stack === 'string' ? withoutEmailAddresses(stack) : stack!);
  }
}
