/** A signed-in browser as an account's stream keeps it: the token's hash and when it ends. */
export interface OpenSession {
  sessionId: string;
  tokenHash: string;
  expiresAt: string;
}

/** The sessions with the one a sign-in started added (its event's data may carry more). */
export function withSession(sessions: readonly OpenSession[], started: OpenSession): OpenSession[] {
  const { sessionId, tokenHash, expiresAt } = started;
  return [...sessions, { sessionId, tokenHash, expiresAt }];
}
