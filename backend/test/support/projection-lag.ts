import { PROJECTION_RUNNER } from '../../src/app.module';
import type { BatchRead } from '../../src/application/ports/read-batch';
import { READ_STORE, type ReadStore } from '../../src/application/ports/read-store.port';
import type { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import type { TestApp } from './test-app';

/**
 * Stops the app's projections, as when the read models lag behind the log. `resumeAtFirstMiss`
 * starts them again only once a read of `collection` has found nothing (a `findOne`, or a
 * batch's `findOne`), so that a request is seen to look, miss, and then wait for them.
 */
export async function projectionsStopped(app: TestApp) {
  const runner = app.app.get<ProjectionRunner>(PROJECTION_RUNNER);
  await runner.stop();
  return {
    /** Resolves once the projections run again after the first miss (spies set at the call). */
    async resumeAtFirstMiss(collection: string): Promise<void> {
      await firstMiss(app.app.get<ReadStore>(READ_STORE), collection);
      await runner.start();
    },
  };
}

function firstMiss(store: ReadStore, collection: string): Promise<void> {
  return new Promise((missed) => {
    const findOne = store.findOne.bind(store);
    jest.spyOn(store, 'findOne').mockImplementation(async (asked, filter) => {
      const found = await findOne(asked, filter);
      if (asked === collection && found === null) missed();
      return found;
    });
    const readMany = store.readMany.bind(store);
    jest.spyOn(store, 'readMany').mockImplementation(async (reads) => {
      const answers: Record<string, unknown> = await readMany(reads);
      const reading = Object.entries(reads as Record<string, BatchRead<unknown>>);
      for (const [name, { spec }] of reading) {
        const one = spec.kind === 'findOne' && spec.collection === collection;
        if (one && answers[name] === null) missed();
      }
      return answers as never;
    });
  });
}
