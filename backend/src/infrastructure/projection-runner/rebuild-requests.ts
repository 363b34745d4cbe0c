import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadStore } from '../../application/ports/read-store.port';

/** With the embedded stores: the file in the data directory that asks the app for a rebuild. */
export const REBUILD_REQUEST_FILE = 'projections-rebuild.request';
/**
 * With MongoDB: the checkpoints that ask for one (when, in ms) and that the app took it up (the
 * request's value): a checkpoint only moves forward.
 */
export const REBUILD_REQUEST_CHECKPOINT = 'projections-rebuild-requested';
export const REBUILD_TAKEN_CHECKPOINT = 'projections-rebuild-taken';

/** Where a request for an online rebuild is left for the running app (`npm run projections:rebuild`). */
export type RebuildRequestPlace = { dataDir: string } | { readStore: ReadStore };

/**
 * Asks the app that runs the projections to rebuild its read models online; answers the
 * request's value (MongoDB), which `rebuildTaken` reaches once the app has taken it up.
 */
export async function requestRebuild(place: RebuildRequestPlace): Promise<bigint> {
  const asked = BigInt(Date.now());
  if ('dataDir' in place) {
    writeFileSync(join(place.dataDir, REBUILD_REQUEST_FILE), new Date().toISOString());
  } else {
    await place.readStore.commit([], { name: REBUILD_REQUEST_CHECKPOINT, position: asked });
  }
  return asked;
}

/**
 * Answers whether a rebuild was asked for since the last call, and takes the request up (a
 * request is taken once, by the process that holds the projections' lease).
 */
export function takeRebuildRequest(place: RebuildRequestPlace): () => Promise<boolean> {
  if ('dataDir' in place) {
    const file = join(place.dataDir, REBUILD_REQUEST_FILE);
    return async () => {
      if (!existsSync(file)) return false;
      rmSync(file, { force: true });
      return true;
    };
  }
  const { readStore } = place;
  return async () => {
    const asked = await readStore.getCheckpoint(REBUILD_REQUEST_CHECKPOINT);
    if (asked === null || asked <= ((await rebuildTaken(readStore)) ?? 0n)) return false;
    await readStore.commit([], { name: REBUILD_TAKEN_CHECKPOINT, position: asked });
    return true;
  };
}

/** With MongoDB: the last request the app took up (its value), or null before any. */
export function rebuildTaken(readStore: ReadStore): Promise<bigint | null> {
  return readStore.getCheckpoint(REBUILD_TAKEN_CHECKPOINT);
}
