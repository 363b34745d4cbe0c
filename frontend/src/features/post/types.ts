/** Who is looking at a post: the signed-in user's id, or null for a visitor. */
export type Viewer = { id: string } | null;
