import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';

/**
 * What went wrong on an OpenAI call, in a sentence that starts with `who` (e.g. "AI rater"):
 * a timeout, an HTTP answer with the provider's own words, or no connection at all.
 */
export function providerProblem(
  who: string,
  error: unknown,
  elapsedMs: number,
  timeoutMs: number,
): string {
  // The SDK recognises a timeout by the AbortError's name, which it loses when fetch lives in
  // another realm (Jest's VM sandbox, some bundlers); a connection failure that took the whole
  // timeout is one too.
  const timedOut =
    error instanceof APIConnectionTimeoutError ||
    (error instanceof APIConnectionError && elapsedMs >= timeoutMs);
  if (timedOut) return `${who} timed out after ${timeoutMs} ms`;
  if (error instanceof APIError && error.status !== undefined) {
    // The SDK's message already starts with the status; keep the provider's words only.
    const detail = error.message.replace(/^\d{3}\s*/, '') || 'no details';
    return `${who} answered HTTP ${error.status}: ${detail}`;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `${who} could not be reached: ${detail}`;
}
