import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { AppModule } from '../app.module';
import {
  ReapplyErasureCommand,
  type ReappliedErasure,
} from '../application/privacy/reapply-erasure/reapply-erasure.command';
import { StreamWrites } from '../application/shared/stream-writes';
import type { AppConfig } from '../config/config';
import { NoUploadsGate } from '../infrastructure/content-gate/no-uploads-gate';
import { FileErasureLedger } from '../infrastructure/erasure-ledger/file-erasure-ledger';
import { NativeLogger } from 'nestjs-pino';
import { createAppLogger } from '../infrastructure/logging/app-logger';
import { withLogs } from '../infrastructure/logging/logged-app';

/** How long the read models may take to catch up with a restored log (they are rebuilt). */
const CATCH_UP_MS = 30 * 60 * 1000;

export type ReappliedCounts = Record<ReappliedErasure, number>;

/**
 * Applies every erasure of the erasure ledger to the configured stores, as the app would, once its
 * projections have rebuilt the read models of the restored log. Every entry is checked, not only
 * those after the backup's time or position: a log restored earlier continued from an older
 * position, so positions do not order entries across restores, while the log itself says what it
 * holds. An account the log shows erased, or does not know, only has its key destroyed again.
 */
export async function reapplyErasures(
  config: AppConfig,
  correlationId: string,
): Promise<{ entries: number; counts: ReappliedCounts }> {
  const counts: ReappliedCounts = { erased: 0, 'already-erased': 0, 'not-in-log': 0 };
  const entries = await new FileErasureLedger(config.erasureLedger).entries();
  const accounts = [...new Set(entries.map((entry) => entry.userId))];
  if (accounts.length === 0) return { entries: 0, counts };
  // The app's own log lines, at warn and above: the restore prints its own summary.
  const logger = createAppLogger({ ...config.logs, level: 'warn' });
  const app = await NestFactory.createApplicationContext(
    withLogs(AppModule.forRoot(config, { contentGate: new NoUploadsGate() }), logger),
    { bufferLogs: true },
  );
  app.useLogger(app.get(NativeLogger));
  app.flushLogs();
  try {
    const writes = app.get(StreamWrites, { strict: false });
    await writes.caughtUp(CATCH_UP_MS);
    const commands = app.get(CommandBus);
    for (const userId of accounts) {
      counts[await commands.execute(new ReapplyErasureCommand(userId, correlationId))] += 1;
    }
  } finally {
    await app.close();
  }
  return { entries: entries.length, counts };
}
