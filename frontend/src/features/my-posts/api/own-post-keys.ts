/** The query key of the signed-in user's posts, named after the API path it reads. */
export const ownPostsQueryKey = ['/api/user/posts'] as const;
