import { GetHealthHandler, type RebuildHealth } from './health.query';
import type { ContentGate } from '../ports/content-gate.port';
import { useCase } from '../../../test/support/use-case-specification';

/** A gate whose models finish loading when the test says so. */
function loadingGate(): ContentGate & { finishLoading(): void } {
  let finish!: () => void;
  const loaded = new Promise<void>((resolve) => (finish = resolve));
  return {
    name: 'offline-v1',
    ready: () => loaded,
    judge: () => Promise.reject(new Error('not judged here')),
    close: async () => {},
    finishLoading: () => finish(),
  };
}

const IDLE: RebuildHealth = { state: 'idle', replayed: 0, head: null, etaSeconds: null };

describe('health', () => {
  let gate = loadingGate();
  let rebuild: RebuildHealth = IDLE;
  const health = useCase(
    ({ eventStore, readStore }) => new GetHealthHandler(eventStore, readStore, gate, () => rebuild),
  );
  beforeEach(() => {
    gate = loadingGate();
    gate.finishLoading();
    rebuild = IDLE;
  });

  it('answers the log position and how far the read models are projected', () =>
    health
      .given('post-p1', { type: 'Spec', data: {} }, { type: 'Spec', data: {} })
      .given('post-p2', { type: 'Spec', data: {} })
      .when({})
      .thenAnswers({
        log: 3n,
        projected: 3n,
        gate: { name: 'offline-v1', ready: true },
        rebuild: IDLE,
      }));

  it('answers the log no further behind than the projected position, even between reads of its head', async () => {
    let handler!: GetHealthHandler;
    const probes = useCase(({ eventStore, readStore }) => {
      handler = new GetHealthHandler(eventStore, readStore, gate, () => rebuild);
      return {
        // Two probes on one handler: the second answers the head the first read.
        execute: async () => {
          await handler.execute();
          await readStore.commit([], { name: 'read-models', position: 5n });
          return handler.execute();
        },
      };
    });
    await probes
      .given('post-p1', { type: 'Spec', data: {} })
      .when({})
      .thenAnswers({
        log: 5n,
        projected: 5n,
        gate: { name: 'offline-v1', ready: true },
        rebuild: IDLE,
      });
  });

  it('answers null for both on an empty log', () =>
    health.when({}).thenAnswers({
      log: null,
      projected: null,
      gate: { name: 'offline-v1', ready: true },
      rebuild: IDLE,
    }));

  it('reports the content gate ready only once its models are loaded', async () => {
    gate = loadingGate();
    await health.when({}).thenAnswers({
      log: null,
      projected: null,
      gate: { name: 'offline-v1', ready: false },
      rebuild: IDLE,
    });
    gate.finishLoading();
    await health.when({}).thenAnswers({
      log: null,
      projected: null,
      gate: { name: 'offline-v1', ready: true },
      rebuild: IDLE,
    });
  });

  it('given a rebuild running, when health is asked, then it answers its progress and ETA', async () => {
    rebuild = { state: 'running', replayed: 40, head: 100n, etaSeconds: 6 };
    await health.when({}).thenAnswers({
      log: null,
      projected: null,
      gate: { name: 'offline-v1', ready: true },
      rebuild: { state: 'running', replayed: 40, head: 100n, etaSeconds: 6 },
    });
  });
});
