import type { TestProject } from 'vitest/node';

import { type StartedApp, startBuiltApp as startApp } from '../../scripts/built-app.mjs';

export type { StartedApp };

/** The first admin and the hidden sign-in path of the app under test. */
export const E2E_ADMIN = {
  username: 'e2e_admin',
  password: 'a long e2e admin password',
  loginPath: '/staff-entrance-e2e',
} as const;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string; loginPath: string };
  }
}

/**
 * Starts the built app (backend/dist + frontend/dist) on a free port with a fresh data dir
 * (scripts/built-app.mjs), with the browser tests' settings; `env` adds to (or overrides) them.
 */
export function startBuiltApp(env: Record<string, string> = {}): Promise<StartedApp> {
  return startApp({
    env: {
      UPLOAD_LIMIT_PER_HOUR: '1000',
      // Every test browser comes from this one address: it gets fifty accounts' write limits.
      ADDRESS_LIMIT_FACTOR: '50',
      // Every test signs its accounts up from this one address too (the limit has its own tests).
      REGISTRATION_LIMIT_PER_HOUR: '1000',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_LOGIN_PATH: E2E_ADMIN.loginPath,
      ...env,
    },
  });
}

/** The app every browser test shares. */
export default async function setup(project: TestProject) {
  const app = await startBuiltApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('admin', { ...E2E_ADMIN });
  return () => app.stop();
}
