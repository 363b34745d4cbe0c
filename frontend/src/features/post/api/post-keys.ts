/** Query keys of a post's page: each names the API path it reads (the project's convention). */
export const postKeys = {
  /** Every read of a post page (and anything else keyed under /api/posts). */
  all: ['/api/posts'] as const,
  detail: (id: string) => ['/api/posts', id] as const,
  liked: (id: string) => ['/api/posts', id, 'like'] as const,
  userRating: (id: string) => ['/api/posts', id, 'user-rating'] as const,
};
