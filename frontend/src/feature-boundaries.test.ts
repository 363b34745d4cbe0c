/// <reference types="node" />
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The feature boundary lives in the root ESLint config and runs with `npm run lint`; this proves
 * it bites, so that a config change cannot switch it off silently.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function lint(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}frontend/src/${path}` });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('features do not import each other', { timeout: 30_000 }, () => {
  it.each([
    ["import { useSession } from '@/features/session/api/get-session';", "imports the 'session'"],
    ["import type { Post } from '../../post/types';", "imports the 'post'"],
    ["export { postKeys } from '@/features/post/api/post-keys';", "imports the 'post'"],
    ["export const later = () => import('@/features/boost/api/checkout');", "imports the 'boost'"],
    ["import { Route } from '@/routes/__root';", 'imports a route'],
  ])('refuses %s in a feature', async (code, expected) => {
    const messages = await lint('features/comments/components/example.tsx', code);
    expect(messages.join('\n')).toContain(expected);
  });

  it('lets a feature import itself, src/lib and src/components', async () => {
    const messages = await lint(
      'features/comments/components/example.tsx',
      [
        "import { commentKeys } from '../api/comment-keys';",
        "import type { Comment } from '@/features/comments/types';",
        "import { cn } from '@/lib/cn';",
        "import { Button } from '@/components/ui/button';",
        'export const used = [commentKeys, cn, Button] as const;',
        'export type Used = Comment;',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });

  it('lets a route import any feature', async () => {
    const messages = await lint(
      'routes/example.tsx',
      [
        "import { useSession } from '@/features/session/api/get-session';",
        "import { postKeys } from '@/features/post/api/post-keys';",
        'export const used = [useSession, postKeys] as const;',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
