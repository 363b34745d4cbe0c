import { ValidationError } from '../shared/errors';
import {
  CLEARABLE_PROFILE_FIELDS,
  type ClearableProfileField,
  type SocialPlatform,
} from './user.events';
import type { RegisteredUser } from './user.state';

export const CLEAR_FIELDS_MESSAGE = `fields must be a non-empty list of ${CLEARABLE_PROFILE_FIELDS.join(', ')}`;

/** The fields an admin asked to clear, checked: a non-empty list of known fields, once each. */
export function clearableFields(raw: unknown): ClearableProfileField[] {
  if (
    !Array.isArray(raw) ||
    raw.length === 0 ||
    !raw.every((field) => (CLEARABLE_PROFILE_FIELDS as readonly unknown[]).includes(field))
  ) {
    throw new ValidationError(CLEAR_FIELDS_MESSAGE);
  }
  return [...new Set(raw as ClearableProfileField[])];
}

/** Whether the account shows something in `field` (clearing an empty one records nothing). */
export function isSet(state: RegisteredUser, field: ClearableProfileField): boolean {
  switch (field) {
    case 'displayUsername':
      return state.profile.displayUsername !== null;
    case 'bio':
      return state.profile.bio !== null;
    case 'profilePicture':
      return state.profilePictureUrl !== null;
    default: {
      const platform = field.slice('socialLinks.'.length) as SocialPlatform;
      return typeof state.profile.socialLinks?.[platform] === 'string';
    }
  }
}
