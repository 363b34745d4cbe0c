/**
 * The app as `communityFootprint` starts it, in a process of its own: the community bench's
 * configuration on `FOOTPRINT_DATA_DIR`, listening on a free port of 127.0.0.1, which it prints
 * as `listening on <port>`; it stops on SIGTERM.
 */
import { createApp } from '../bootstrap';
import { benchConfig } from './community.bench';

async function main(): Promise<void> {
  const dataDir = process.env.FOOTPRINT_DATA_DIR;
  if (!dataDir) throw new Error('FOOTPRINT_DATA_DIR is not set');
  const app = await createApp(benchConfig(dataDir));
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  process.stdout.write(`listening on ${address.port}\n`);
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
