/**
 * The event types the audit trail lists, once for the projection that records them and the api
 * that documents them (the admin screen's filter reads the `AuditKind` enum of the OpenAPI
 * document, so a kind added here reaches it through the generated types).
 */

/** Admin actions, recorded whatever the actor (the system's auto-hide is one too). */
export const ADMIN_ACTION_KINDS = [
  'PostApproved',
  'PostVisibilityChanged',
  'PostRemoved',
  'PostAutoHidden',
  'ReportReviewed',
  'CommentDeleted',
  'UserAdminFlagChanged',
  'UserSuspended',
  'UserBanned',
  'UserRestrictionLifted',
  'UserProfileCleared',
  // A display name kept beside an older look-alike when names moved to their look (the system).
  'UserNameLookAlikeKept',
  // The system suspends posting after strikes; an admin may lift it early.
  'PostingSuspended',
  'PostingSuspensionLifted',
  'AdminCreated',
  'AdminDisabled',
  'AdminPasswordReset',
  'AdminRestored',
  'AdminSignedIn',
  'AdminSignedOut',
  'ClusterCleared',
] as const;

/**
 * Every payment fact, once: a purchase (`BoostPurchased`), a donation (`DonationReceived`), a
 * refund and a dispute (on the payment, whatever it bought), and the suspension of an account's
 * boost purchases during a dispute with its resolution. `PaymentReceived` and `BoostRefunded`
 * repeat a purchase or a refund already listed, so they are left out; so are a boost's
 * application and expiry (its life, in the boosts list) and Stripe's delivery bookkeeping.
 */
export const PAYMENT_KINDS = [
  'BoostPurchased',
  'DonationReceived',
  'PaymentRefunded',
  'PaymentDisputed',
  'BoostPurchasesSuspended',
  'BoostPurchasesReinstated',
  'BoostPurchasesSuspensionKept',
] as const;

/** Every kind an audit entry can have. */
export const AUDIT_KINDS = [...ADMIN_ACTION_KINDS, ...PAYMENT_KINDS] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];
