import { ApiError } from '@/lib/api-client';

import type { CommentRefusal } from './components/comment-form';

/**
 * A refusal the member can act on by changing the text or waiting (the filter's 400 with its
 * reason, a posting suspension's 403 with its end), shown in the form with the text kept; null
 * for anything else (a 401 or a server error is a toast).
 */
export function commentRefusal(error: unknown): CommentRefusal | null {
  if (!(error instanceof ApiError) || !error.serverMessage) return null;
  return error.status === 400 || error.status === 403 ? { message: error.serverMessage } : null;
}
