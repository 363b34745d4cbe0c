/** The name a profile goes by: the display name, else the anonymous username. */
export function profileName(user: {
  displayUsername?: string | null;
  anonymousUsername: string;
}): string {
  return user.displayUsername?.trim() || user.anonymousUsername;
}
