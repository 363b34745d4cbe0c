import { Query } from '@nestjs/cqrs';
import type { SocialLinks } from '../../../domain/user/user.events';

export interface PublicProfile {
  user: {
    id: string;
    displayUsername: string | null;
    anonymousUsername: string;
    bio: string | null;
    socialLinks: SocialLinks | null;
    profilePictureUrl: string | null;
  };
}

export class GetPublicProfileQuery extends Query<PublicProfile> {
  constructor(readonly userId: string) {
    super();
  }
}
