import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../bootstrap';
import { loadConfig } from '../config/config';

export interface BenchApp {
  /** Where it answers: `http://127.0.0.1:<port>`. */
  base: string;
  /** Its fresh data directory, removed by `close`. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The app in this process on the embedded default, in a fresh data directory, without a frontend
 * and with the offline rater, listening on 127.0.0.1; `env` on top of that.
 */
export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  const app = await createApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      FRONTEND_DIR: join(dataDir, 'no-frontend'),
      OPENAI_API_KEY: '',
      ...env,
    }),
  );
  await app.listen(0, '127.0.0.1');
  return {
    base: (await app.getUrl()).replace('[::1]', '127.0.0.1'),
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
