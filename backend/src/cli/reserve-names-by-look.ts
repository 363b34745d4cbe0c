/**
 * `npm run names:reserve-by-look`: a full pass of the move of display-name reservations to their
 * look (`ReserveNamesByLook`), even when one has ended before, for names set by processes of the
 * version before while the new one already ran (a rolling upgrade). The app does the first pass
 * by itself at start. With the embedded stores, stop the app first (the data directory lock
 * enforces it). See docs/operations.md.
 */
import { NestFactory } from '@nestjs/core';
import { NativeLogger } from 'nestjs-pino';
import { AppModule } from '../app.module';
import { ReserveNamesByLook } from '../application/accounts/reserve-names-by-look/reserve-names-by-look';
import { StreamWrites } from '../application/shared/stream-writes';
import { ConfigError, loadConfig } from '../config/config';
import { NoUploadsGate } from '../infrastructure/content-gate/no-uploads-gate';
import { createAppLogger } from '../infrastructure/logging/app-logger';
import { withLogs } from '../infrastructure/logging/logged-app';
import { exitWith } from './cli-output';

/** How long the read models may take to catch up with the log (a first start rebuilds them). */
const CATCH_UP_MS = 30 * 60 * 1000;

async function main() {
  const config = loadConfig();
  // The app's own log lines, at warn and above: this prints its own summary.
  const logger = createAppLogger({ ...config.logs, level: 'warn' });
  const app = await NestFactory.createApplicationContext(
    withLogs(AppModule.forRoot(config, { contentGate: new NoUploadsGate() }), logger),
    { bufferLogs: true },
  );
  app.useLogger(app.get(NativeLogger));
  app.flushLogs();
  try {
    const writes = app.get(StreamWrites, { strict: false });
    if (!(await writes.caughtUp(CATCH_UP_MS))) {
      throw new Error('The read models did not catch up with the log; nothing was done');
    }
    const result = await app.get(ReserveNamesByLook, { strict: false }).run({ again: true });
    // The app's start (in this process too) may have claimed them before this pass.
    process.stdout.write(
      `Display names reserved by their look: ${result.accounts} shown, ` +
        `${result.accounts - result.lookAlikes} holding their look, ${result.lookAlikes} kept ` +
        `beside an older look-alike (audit log: UserNameLookAlikeKept); ${result.claimed} ` +
        'claimed by this pass\n',
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => exitWith(error, [ConfigError]));
