/** Query keys named after the API paths they read (the project's convention). */
export const commentKeys = {
  ofPost: (postId: string) => ['/api/posts', postId, 'comments'] as const,
};
