import type { Schema } from '@/lib/api/schema';

/** Each a username or a full URL (spec §3). */
export type SocialLinks = NonNullable<Schema<'UserResponse'>['socialLinks']>;

export type SocialPlatform = keyof SocialLinks;

/** The profile fields of the signed-in user (GET /api/user, PATCH /api/user/profile). */
export type EditableProfile = Pick<
  Schema<'UserResponse'>,
  'id' | 'anonymousUsername' | 'displayUsername' | 'bio' | 'socialLinks' | 'profilePictureUrl'
>;

/** What PATCH /api/user/profile takes: blank text as null, no empty links, none as null. */
export type ProfileUpdate = Schema<'UpdateProfileDto'>;

/** A post as a profile lists it (spec §3 "Variant on a profile"). */
export type ProfilePost = Schema<'ProfilePostResponse'>;

/** GET /api/users/{userId}: never the email. */
export type PublicProfile = Schema<'PublicProfileResponse'>;
