/** The admin session (spec §3: has username; the whole /me answer is kept). */
export interface Admin {
  id: string;
  username: string;
}
