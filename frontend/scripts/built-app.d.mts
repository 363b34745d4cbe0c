export interface StartedApp {
  baseUrl: string;
  /** The app's data directory (its local checkout's webhook secret is there). */
  dataDir: string;
  stop(): Promise<void>;
}

export function startBuiltApp(options?: {
  env?: Record<string, string>;
  output?: 'inherit' | 'ignore';
}): Promise<StartedApp>;
