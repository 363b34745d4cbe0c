import type { BoostPurchased } from '../boost/boost.decider';
import type { CheckoutPaymentConfirmed, DonationReceived } from '../payment/checkout.decider';
import type { CommentPosted, CommentRefused } from '../comment/comment.decider';
import type { WeeklyCompetitionClosed } from '../competition/weekly-competition.decider';
import type { PostedFrom } from '../post-rating/posting-origins.decider';
import type { PostReported } from '../report/report.decider';
import type {
  PasswordChanged,
  PasswordReset,
  ProfilePictureChanged,
  ProfileUpdated,
  UserRegistered,
} from '../user/user.events';
import type { DomainEvent } from './event';

/**
 * Which fields of which events hold personal data, and whose. The event store encrypts exactly
 * these with a key per person kept outside the log, and destroys the key when the person erases
 * their account (crypto-shredding): the fields then read as null everywhere, backups of the log
 * included, so all that uses them must cope with null. A new event type goes into PERSONAL_DATA or
 * WITHOUT_PERSONAL_DATA before it is recorded.
 */
export interface PersonalFields {
  /**
   * An array in the event's data whose elements each belong to their own person (the winners
   * of a week); absent when the fields are the data's own.
   */
  each?: string;
  /** The field (of the data, or of each element) holding the id of the person, a user id. */
  subject: string;
  /** The fields to encrypt; null or missing ones are left as they are. */
  fields: readonly string[];
}

type DataOf<E extends DomainEvent> = E['data'];
type FieldOf<T> = Extract<keyof T, string>;
type ElementOf<T> = T extends readonly (infer Element)[] ? Element : never;

function own<E extends DomainEvent>(
  subject: FieldOf<DataOf<E>>,
  fields: readonly FieldOf<DataOf<E>>[],
): PersonalFields {
  return { subject, fields };
}

function eachOf<E extends DomainEvent, K extends FieldOf<DataOf<E>>>(
  each: K,
  subject: FieldOf<ElementOf<DataOf<E>[K]>>,
  fields: readonly FieldOf<ElementOf<DataOf<E>[K]>>[],
): PersonalFields {
  return { each, subject, fields };
}

export const PERSONAL_DATA: Readonly<Record<string, readonly PersonalFields[]>> = {
  // The password hash too: a shredded hash cannot be cracked for a password used elsewhere.
  UserRegistered: [own<UserRegistered>('userId', ['email', 'passwordHash', 'anonymousUsername'])],
  PasswordReset: [own<PasswordReset>('userId', ['passwordHash'])],
  PasswordChanged: [own<PasswordChanged>('userId', ['passwordHash'])],
  ProfileUpdated: [own<ProfileUpdated>('userId', ['displayUsername', 'bio', 'socialLinks'])],
  ProfilePictureChanged: [own<ProfilePictureChanged>('userId', ['profilePictureUrl'])],
  // The policy's "session data" (browser type, device, country, IP address), under whichever of
  // these names a session event carries it; none is recorded yet.
  SessionStarted: [
    {
      subject: 'userId',
      fields: [
        'userAgent',
        'browser',
        'device',
        'country',
        'ipAddress',
        'ip',
        'networkMark',
        'browserMark',
      ],
    },
  ],
  // The vote rules' keyed marks of where an author posted from, like a session's.
  PostedFrom: [own<PostedFrom>('userId', ['networkMark', 'browserMark'])],
  CommentPosted: [own<CommentPosted>('userId', ['text'])],
  CommentRefused: [own<CommentRefused>('userId', ['text'])],
  PostReported: [own<PostReported>('userId', ['reason'])],
  // The policy's "boost transactions (amount, email, payment id)": the receipt address.
  BoostPurchased: [own<BoostPurchased>('userId', ['receiptEmail'])],
  DonationReceived: [own<DonationReceived>('userId', ['receiptEmail'])],
  CheckoutPaymentConfirmed: [own<CheckoutPaymentConfirmed>('userId', ['receiptEmail'])],
  WeeklyCompetitionClosed: [
    eachOf<WeeklyCompetitionClosed, 'winners'>('winners', 'userId', [
      'username',
      'displayUsername',
    ]),
  ],
};

/**
 * Event types reviewed and found to hold nothing personal beyond ids: random ids, hashes of
 * tokens and photos, keyed hashes of visitor addresses, scores, times. Admin identities are
 * staff accounts, not people who use the site, and are not erased with a user.
 */
export const WITHOUT_PERSONAL_DATA: readonly string[] = [
  'EmailVerificationIssued',
  'EmailVerified',
  'PasswordResetIssued',
  'EmailPreferencesChanged',
  'SessionEnded',
  'SessionsExpired',
  'ExpiredLinksForgotten',
  'AccountErased',
  'ReservationClaimed',
  'ReservationReleased',
  // Display names moved to their look: account ids and counts.
  'UserNameLookAlikeKept',
  'DisplayNamesReservedByLook',
  'AdminCreated',
  'AdminSignedIn',
  'AdminSignedOut',
  'AdminSessionsExpired',
  'AdminRestored',
  'AdminRosterSeeded',
  'AdminJoinedRoster',
  'AdminRosterDisabled',
  'AdminRosterRestored',
  'PhotoRated',
  'PhotoRejected',
  'PhotoRatingPublished',
  'UnpublishedPhotoDiscarded',
  'PostPublished',
  'PostDeleted',
  // A photo's hashes (what it is known by), post and account ids.
  'PostFingerprinted',
  'PhotoClaimed',
  'PhotoReleased',
  'CommentDeleted',
  'Liked',
  'Unliked',
  'Rated',
  'RatingCounted',
  'LikeHeld',
  'LikeCounted',
  // A banned account's likes and ratings set aside, and restored by a lift: ids and a score.
  'LikeSetAside',
  'LikeRestored',
  'VoteSetAside',
  'VoteRestored',
  // The vote rules: a keyed mark of a network (in the stream id, never the address), ids, times,
  // and an admin's reason for clearing a burst of sign-ups.
  'AccountRegisteredOnNetwork',
  'ClusterFlagged',
  'ClusterGrew',
  'ClusterCleared',
  'NotificationSent',
  // Moderation: ids, flags and an admin's reason (written by staff about content, not by the
  // person; an admin is asked never to put personal data in a reason).
  'AdminDisabled',
  'AdminPasswordReset',
  'PostApproved',
  'PostVisibilityChanged',
  'PostRemoved',
  'PostAutoHidden',
  'PostReportTallied',
  'PostReportSettled',
  'ReportReviewed',
  'UserAdminFlagChanged',
  'UserSuspended',
  'UserBanned',
  'UserBanExtended',
  'UserBanPartlyLifted',
  'UserRestrictionLifted',
  // The names of the fields an admin cleared and the admin's reason; nothing the member wrote.
  'UserProfileCleared',
  // Strikes: ids, the kind of cause, times, and an admin's reason for lifting.
  'StrikeRecorded',
  'StrikeWithdrawn',
  'PostingSuspended',
  'PostingSuspensionLifted',
  'BoostApplied',
  'BoostExpired',
  'BoostRefunded',
  'CheckoutSessionCreated',
  'CheckoutSessionCompleted',
  'StripeEventReceived',
  'StripeEventProcessed',
  'CheckoutPaymentReported',
  // A session's id, its state at the provider and the Stripe event ids it answers.
  'CheckoutFoundUnpaid',
  'PaymentReceived',
  'PaymentRefunded',
  'PaymentDisputed',
  'BoostPurchasesSuspended',
  'BoostPurchasesReinstated',
  'PostBoostClaimed',
  'PostBoostReleased',
  'PostBoostClosed',
];

/** After this event the person's key is destroyed: their personal data reads as null. */
export const ERASURE_EVENT = 'AccountErased';

export function isReviewedEventType(type: string): boolean {
  return Object.hasOwn(PERSONAL_DATA, type) || WITHOUT_PERSONAL_DATA.includes(type);
}
