import { existsSync } from 'node:fs';
import { Logger } from '@nestjs/common';
import { createApp } from './bootstrap';
import { describeAdapters, readStoreFile } from './infrastructure/adapters';
import { BackgroundWork } from './application/shared/background-work';
import { stopOnSignals } from './infrastructure/shutdown/graceful-shutdown';
import { HttpDrain } from './infrastructure/shutdown/http-drain';
import { withoutEmailAddresses } from './infrastructure/logging/email-masking';
import { ConfigError, loadConfig } from './config/config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = new Logger('Boot');
  const readStoreWasThere = existsSync(readStoreFile(config));
  const app = await createApp(config);
  // SIGTERM/SIGINT: stop taking requests, finish those in flight within the bound, close.
  const drain = new HttpDrain(app.getHttpServer());
  stopOnSignals({
    drain,
    graceMs: config.shutdown.graceSeconds * 1000,
    settle: () => app.get(BackgroundWork).settled(),
    close: () => app.close(),
    logger,
  });
  await app.listen(config.port, config.host);
  for (const line of describeAdapters(config, readStoreWasThere)) logger.log(line);
  // The start's last line: where to open the app.
  const listening = await app.getUrl();
  logger.log(
    config.role === 'worker'
      ? `SoleScore worker is running (listening on ${listening})`
      : `SoleScore is running at ${config.publicUrl} (listening on ${listening})`,
  );
}

main().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Start failed: ${withoutEmailAddresses(reason)}\n`);
  process.exit(1);
});
