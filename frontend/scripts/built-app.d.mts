export interface StartedApp {
  baseUrl: string;
  port: number;
  /** The app's data directory (its local checkout's webhook secret is there). */
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export function startBuiltApp(options?: {
  env?: Record<string, string>;
  output?: 'inherit' | 'ignore';
  dataDir?: string;
  port?: number;
}): Promise<StartedApp>;
