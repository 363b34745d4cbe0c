/** Query keys of the public profiles, named after the API path they read. */
export const publicProfileKeys = {
  profile: (userId: string) => ['/api/users', userId] as const,
  all: ['/api/users'] as const,
};
