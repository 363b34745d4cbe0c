import type { AppConfig } from '../config/config';
import {
  createEventStore,
  createPersonalDataKeys,
  createReadStore,
} from '../infrastructure/adapters';
import { resolveAppSecret } from '../infrastructure/config/app-secret';
import { DataDirLock } from '../infrastructure/config/data-dir-lock';
import { ProjectionRunner } from '../infrastructure/projection-runner/projection-runner';
import { allProjections, PROJECTIONS_VERSION } from '../projections/all-projections';

/**
 * Replays the whole log into fresh read models beside the live ones and swaps them in, then drops
 * the reactors' read models and checkpoints, as this also follows a restore. It reads the log
 * through the same sealing of personal data and keys as the app, so an erased person's data stays
 * unreadable. With the embedded stores the app must be stopped (the data directory lock enforces
 * it).
 */
export async function rebuildReadModels(
  config: AppConfig,
  warn: (line: string) => void = () => {},
): Promise<{ events: number; ms: number; projections: number }> {
  const lock =
    config.eventStoreUrl && config.mongoUrl
      ? null
      : DataDirLock.acquire(config.dataDir, 'projections:rebuild');
  try {
    const keys = await createPersonalDataKeys(config, resolveAppSecret(config));
    try {
      const eventStore = await createEventStore(config, keys, warn);
      const readStore = await createReadStore(config);
      try {
        const runner = new ProjectionRunner(eventStore, readStore, allProjections, {
          version: PROJECTIONS_VERSION,
        });
        return {
          ...(await runner.rebuild({ resetOthers: true })),
          projections: allProjections.length,
        };
      } finally {
        await eventStore.close();
        await readStore.close();
      }
    } finally {
      await keys.close();
    }
  } finally {
    lock?.release();
  }
}
