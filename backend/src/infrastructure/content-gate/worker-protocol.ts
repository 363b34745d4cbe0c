import type { OfflineScores } from './gate-rules';

/** An RGB image to score; `data` is transferred, not copied. */
export interface WorkerRequest {
  id: number;
  data: ArrayBuffer;
  width: number;
  height: number;
}

export type WorkerReply =
  | { type: 'ready'; loadMs: number; rssBytes: number }
  | { type: 'failed'; message: string }
  | { type: 'scores'; id: number; scores: OfflineScores; ms: number }
  | { type: 'error'; id: number; message: string };
