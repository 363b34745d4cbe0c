import type { Schema } from '@/lib/api/schema';

/** The signed-in user (spec §3). */
export type User = Schema<'UserResponse'>;

/** The login and registration payloads (spec §3). */
export type Credentials = Schema<'LoginDto'>;
