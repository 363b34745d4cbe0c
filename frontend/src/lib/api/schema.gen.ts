/**
 * Generated from the backend's OpenAPI document (GET /api/openapi.json) by openapi-typescript.
 * Do not edit: run `npm run api:types` at the root after changing the api. CI fails when this
 * file differs from the document the backend serves (e2e/api-types.e2e.ts).
 */

export interface paths {
  '/api/dev/mail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Development only: the mail outbox, newest first
     * @description Exists only outside production, answers only requests from this machine, addressed to it by a loopback name (Host localhost, 127.0.0.1 or [::1]), with no proxy trusted (TRUST_PROXY unset or false), and only while mail stays in the outbox (no SMTP_URL).
     */
    get: operations['DevMail_outbox'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: both stores answer. With the metrics token (Authorization: Bearer <METRICS_TOKEN>), also how far the log and the read models are, whether the content gate is ready and whether a rebuild runs */
    get: operations['Health_health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process answers HTTP (touches no store) */
    get: operations['Health_live'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Publish an uploaded photo’s rating as a post
     * @description Send back the eight fields and the `publishKey` the upload answered. The server publishes its own record of that rating (found by the image); the scores sent must agree with it, and only the uploader, who alone got the key, can publish it.
     */
    post: operations['Posts_publish'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/publish-direct': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Post a photo without an AI rating */
    post: operations['Posts_publishDirect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The general board: a page of public posts
     * @description Boosted posts come first. Pages are keyset pages: follow the `Link` header for the next one.
     */
    get: operations['Posts_board'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A post */
    get: operations['Posts_post'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/posts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s posts, newest first */
    get: operations['Posts_ownPosts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/posts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete one of the signed-in user’s posts */
    delete: operations['Posts_deletePost'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}/like': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the signed-in user likes the post */
    get: operations['Posts_liked'];
    put?: never;
    /** Like a post (again is a no-op) */
    post: operations['Posts_like'];
    /** Take back a like of a post (again is a no-op) */
    delete: operations['Posts_unlike'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}/comments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of a post’s comments: top level oldest first, replies nested
     * @description Pages are keyset pages of top-level comments, each with all its replies: follow the `Link` header for the next one.
     */
    get: operations['Posts_comments'];
    put?: never;
    /** Comment on a post, or reply to a comment */
    post: operations['Posts_comment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}/user-rating': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s own rating of the post (null when none) */
    get: operations['Posts_userRating'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}/report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report a post to the moderators
     * @description With a category and optional words. Only reports from accounts in good standing count towards hiding the post before a moderator looks (see docs/trust-and-safety.md).
     */
    post: operations['Posts_report'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/leaderboard/weekly': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This ISO week’s board (from Monday 00:00 UTC), best rated first, each with its rank */
    get: operations['Leaderboard_weekly'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/leaderboard/weeks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The closed weeks with their frozen top 5, newest first */
    get: operations['Leaderboard_weeks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/leaderboard/weeks/{week}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A closed week with its frozen top 5 */
    get: operations['Leaderboard_week'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/leaderboard/standing': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where a score stands this ISO week, and the rank it would take if posted now */
    get: operations['ThisWeek_standing'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/home/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This ISO week for the home page: its top three and its counts */
    get: operations['ThisWeek_summary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/comments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete one of the signed-in user’s comments, with its replies */
    delete: operations['Comments_deleteComment'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/comments/{id}/like': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the signed-in user likes the comment */
    get: operations['Comments_liked'];
    put?: never;
    /** Like a comment (again is a no-op) */
    post: operations['Comments_like'];
    /** Take back a like of a comment (again is a no-op) */
    delete: operations['Comments_unlike'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/ratings/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rate another user’s post, once */
    post: operations['Comments_rate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/posting-suspension': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the signed-in account is suspended from posting, and until when */
    get: operations['PostingSuspension_suspension'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}/card.jpg': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A post’s share card: the image its link previews show
     * @description JPEG, 1200×630: the photo cover-cropped with its score, label, rank this week and the site’s name. The address the page’s `og:image` names carries the card’s version (query `v`), which changes with the score, label or rank: that address may be kept for a minute, as the photos are (a takedown reaches every cache within it); any other is revalidated by its ETag. Public posts only.
     */
    get: operations['ShareCard_card'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign up with email and password; signs the new account in
     * @description An address that already has an account gets the same answer, and the same answers after it: an account is made and signed in all the same, but the address stays its owner’s (its sign-in, links and resets), nothing is ever mailed to the new account, and the owner is mailed that someone tried to sign up with the address (at most 5 such mails an hour). A password of spaces only or a common one (estimated by zxcvbn against lists of breached passwords) is refused with 400.
     */
    post: operations['Auth_register'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in
     * @description Also remembers this browser for the account (`known_browser`, HttpOnly, kept to this route, a year; `__Secure-known_browser` on https): a random secret per browser and account, of which only the sha256 is recorded. A browser still remembered for the account is let through the account’s failed-sign-in limits (not its address’s); a new or reset password, signing out everywhere and erasing the account forget every remembered browser.
     */
    post: operations['Auth_login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out this browser (ends its session, if any) */
    post: operations['Auth_logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user */
    get: operations['Auth_me'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The session of this browser, if any
     * @description The signed-in user, or 204 No Content when nobody is signed in: the page checks the session on every view, and a signed-out visitor should not see a failed request for it. GET /api/auth/me answers the same user but refuses a signed-out browser with 401.
     */
    get: operations['Auth_session'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/verify-email': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open a verification link
     * @description Verifies the email and leaves the account to the person who opened the link. In a browser signed in to the account, that session stays and every other session of the account ends. Anywhere else the person chooses a password in the same request (`password`): it replaces the password given at registration, every session of the account ends and this browser is signed in. Without a password there, nothing is used up and the answer is 401 asking for one. Where another account is signed in it is refused.
     */
    post: operations['Auth_verifyEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/resend-verification': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a new verification link
     * @description Answers at once and the same whether or not the account exists.
     */
    post: operations['Auth_resendVerification'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/forgot-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a password reset link
     * @description Answers the same whether or not the account exists.
     */
    post: operations['Auth_forgotPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/email-preferences': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change which notification mails the user gets */
    patch: operations['Auth_emailPreferences'];
    trace?: never;
  };
  '/api/auth/reset-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with a reset link; ends every session of the account
     * @description Ends every session and every remembered browser of the account, and mails the account that its password was changed (with how to get back in).
     */
    post: operations['Password_resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/update-password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Change the password; ends the account’s other sessions
     * @description Ends every other session and every remembered browser of the account, and mails the account that its password was changed (with how to get back in).
     */
    put: operations['Password_updatePassword'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s account and profile */
    get: operations['User_currentProfile'];
    put?: never;
    post?: never;
    /**
     * Erase the signed-in account for good, with its password
     * @description Its posts, comments, pictures, names and sessions go, and its key is destroyed; signs this browser out.
     */
    delete: operations['Privacy_erase'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account’s signed-in browsers, newest first */
    get: operations['User_sessions'];
    put?: never;
    post?: never;
    /**
     * Sign out everywhere
     * @description Ends every session of the account, this browser’s included, and forgets every browser remembered for its sign-in (`known_browser`): none of them is let through the account’s failed-sign-in limits any more.
     */
    delete: operations['User_endAllSessions'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/sessions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Sign one of the account’s browsers out */
    delete: operations['User_endSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Edit the display name, bio and social links */
    patch: operations['User_updateProfile'];
    trace?: never;
  };
  '/api/user/profile/picture': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set the profile picture (shares the upload allowance) */
    post: operations['User_uploadPicture'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A public profile and its public posts, newest first */
    get: operations['User_publicProfile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Admin sign-in */
    post: operations['AdminAuth_login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in admin */
    get: operations['AdminAuth_me'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Admin sign-out (ends this browser’s admin session, if any) */
    post: operations['AdminAuth_logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/entry': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The way into the admin area: a redirect to the admin sign-in page
     * @description Only for a browser that has signed in as an admin before (the `admin_entry` cookie the admin sign-in sets); any other gets 404. The sign-in page is a page of the site, not an api route; its address is configuration that only the server knows and is deliberately left out of this document (see docs/api.md).
     */
    get: operations['AdminEntry_entry'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Counts for the dashboard tabs */
    get: operations['Admin_dashboard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/statistics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Activity and revenue per day and per ISO week */
    get: operations['Admin_statistics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/boosts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every boost with its state (unclaimed, active, expired, withdrawn; refunded: any with a refund), newest first */
    get: operations['Admin_boosts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/boosts/{id}/receipt': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The receipt address of the charge that paid for a boost */
    get: operations['Admin_boostReceipt'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every purchase, donation, refund and dispute Stripe told of, with amounts (cents), newest first */
    get: operations['Admin_payments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/payments/disputes/{disputeId}/resolve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Resolve a payment dispute that suspended the buyer’s boost purchases: lift the suspension or keep it */
    post: operations['Admin_resolveDispute'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/posts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Posts, pending review first, filtered */
    get: operations['Admin_posts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/posts/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One post, whatever its state */
    get: operations['Admin_post'];
    put?: never;
    post?: never;
    /** Remove a post for good, with a reason */
    delete: operations['Admin_removePost'];
    options?: never;
    head?: never;
    /** Approve ({ isModerated: true }, only while unmoderated) or hide / show ({ isPublic }) */
    patch: operations['Admin_patchPost'];
    trace?: never;
  };
  '/api/rtm-sys/held-posts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Posts held for review, the longest waiting first, with the content check’s verdict */
    get: operations['Admin_heldPosts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/uploads/{folder}/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A stored image, whether or not the public may see it now */
    get: operations['Admin_image'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/comments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Comments, newest first, searched and filtered */
    get: operations['Admin_comments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/comments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a comment (with its replies) with a reason */
    delete: operations['Admin_removeComment'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reports, pending first, filtered */
    get: operations['Admin_reports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/reports/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Review or dismiss a pending report (hidePost hides the post in the same step) */
    patch: operations['Admin_patchReport'];
    trace?: never;
  };
  '/api/rtm-sys/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Accounts, newest first, searched by email or name */
    get: operations['Admin_users'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/users/{id}/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Reports against an account’s posts */
    get: operations['Admin_userReports'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Give or take the staff flag ({ isAdmin }) */
    patch: operations['Admin_patchUser'];
    trace?: never;
  };
  '/api/rtm-sys/users/{id}/suspend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Suspend an account (sessions end, sign-in refused) */
    post: operations['Admin_suspend'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/users/{id}/ban': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Ban an account (sessions end, sign-in refused, posts and comments hidden) */
    post: operations['Admin_ban'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/users/{id}/lift': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Lift a suspension or a ban */
    post: operations['Admin_lift'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/users/{id}/profile/clear': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Clear fields of an account’s public profile (display name, bio, a social link, picture), audited */
    post: operations['Admin_clearProfile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/users/{id}/strikes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An account’s strikes (with their causes) and posting suspensions */
    get: operations['Admin_userStrikes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/users/{id}/posting-suspension/lift': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End an account’s posting suspension early, with a reason */
    post: operations['Admin_liftPostingSuspension'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The audit log: every admin action and payment event, newest first (format=csv: a CSV file of up to 10,000 rows with the same filters) */
    get: operations['Admin_audit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/admins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Admins */
    get: operations['AdminAccounts_admins'];
    put?: never;
    /** Create an admin (with the acting admin’s current password) */
    post: operations['AdminAccounts_createAdmin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/admins/{id}/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Disable an admin (with the acting admin’s current password; never oneself, never the last active admin: decided one at a time on the admin roster) */
    post: operations['AdminAccounts_disableAdmin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/admins/{id}/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set an admin’s password, one’s own included (with the acting admin’s current password); that admin’s sessions end, except the one changing its own */
    post: operations['AdminAccounts_resetAdminPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/clusters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Bursts of sign-ups from one network, held first, then newest */
    get: operations['Admin_clusters'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/clusters/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One cluster: its accounts, when they registered, and their held-out votes */
    get: operations['Admin_cluster'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/clusters/{id}/clear': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Clear a cluster with a reason: its accounts’ held ratings and likes count from now on */
    post: operations['Admin_clearCluster'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/rtm-sys/posts/{id}/held-votes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The votes on a post that did not count when cast, and why (newest first, 200) */
    get: operations['Admin_postHeldVotes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/upload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a photo of feet and get its AI rating
     * @description No account needed; limited per address per clock hour. The answer is what a later publish sends back, its `publishKey` included. An upload made while signed in to a verified account belongs to that account (a refusal is a strike) and goes with its erasure; before the email is verified it is a visitor’s. Sets the browser’s `uploader` cookie (HttpOnly, SameSite=Lax, a day; `__Host-uploader` on https): until the rating is published, its `imageUrl` answers this browser and the signed-in uploader alone.
     */
    post: operations['Upload_upload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Everything the app holds about the signed-in account, as a JSON file
     * @description A HEAD answers the same headers without building the file, and is not counted against the hourly downloads.
     */
    get: operations['Privacy_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/boost/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Buy a boost for the account (unclaimed until applied): start a checkout
     * @description Prices come from the server: regular $1.99 for 24 hours, mega $9.99 for 7 days.
     */
    post: operations['Payments_boostCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}/boost': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The boost running on a post, or null
     * @description Everyone sees which boost runs and until when; the buyer also sees the purchase (id, price, payment id).
     */
    get: operations['Payments_postBoost'];
    put?: never;
    /** Buy a boost that applies itself to the post on payment */
    post: operations['Payments_postBoostCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/donations/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Donate: start a checkout for an amount in cents ($1 to $1,000) */
    post: operations['Payments_donationCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/boosts/unclaimed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s unused boosts, oldest (next to apply) first */
    get: operations['Payments_unclaimed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/purchases': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user’s own boosts and donations, newest first, with state and receipt */
    get: operations['Payments_purchases'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/posts/{id}/apply-boost': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Apply the oldest unused boost to one of the user’s posts */
    post: operations['Payments_applyBoost'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/checkout/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The return page: ask the provider about a checkout and fulfil it if paid
     * @description Idempotent with the webhook: whichever comes first fulfils the session, once. Answers once the purchase shows in the read models.
     */
    post: operations['Payments_confirm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/stripe/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stripe’s webhook: payment events, verified by their signature
     * @description Each Stripe event id takes effect once; redeliveries (even in parallel) answer 200 and change nothing. Unknown event types are acknowledged and ignored.
     */
    post: operations['Payments_webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document: the OpenAPI 3 description of every api route */
    get: operations['OpenApi_document'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    SentMailResponse: {
      /** Format: email */
      to: string;
      subject: string;
      text: string;
      html: string;
      /** Format: date-time */
      sentAt: string;
    };
    StrikeTallyResponse: {
      /**
       * @description Live strikes with this one
       * @example 1
       */
      count: number;
      /**
       * @description Strikes within the window that suspend posting
       * @example 3
       */
      limit: number;
      /**
       * @description The window, in days
       * @example 30
       */
      windowDays: number;
    };
    ErrorResponse: {
      /**
       * @description What went wrong, in words meant for the person using the app
       * @example Post not found
       */
      message: string;
      /** @description Only on a 422 refused upload that counts as a strike: the count the message gives (the page links the community rules) */
      strike?: components['schemas']['StrikeTallyResponse'];
    };
    GateHealth: {
      /** @example offline-v1 */
      name: string;
      /** @description False while the models load (a few seconds after start): images wait for them meanwhile */
      ready: boolean;
    };
    RebuildHealthView: {
      /**
       * @description Idle: none running; failed: the last one failed, and the live read models kept serving. Seen by the process that runs the projections (idle elsewhere)
       * @enum {string}
       */
      state: 'idle' | 'running' | 'failed';
      /** @description Events replayed into the new read models so far */
      replayed: number;
      /** @description Position of the log head the rebuild is heading for (a decimal integer) */
      head: string | null;
      /** @description Seconds left at the rate so far; null when idle, failed or not yet known */
      etaSeconds: number | null;
    };
    HealthResponse: {
      /** @enum {string} */
      status: 'ok';
      /** @description Position of the last event in the log (a decimal integer), null when empty */
      log?: string | null;
      /** @description Position up to which the read models are projected, null before the first */
      projected?: string | null;
      /** @description The content gate every image passes; ready once its models are loaded */
      gate?: components['schemas']['GateHealth'];
      /** @description The online rebuild of the read models */
      rebuild?: components['schemas']['RebuildHealthView'];
    };
    LiveResponse: {
      /** @enum {string} */
      status: 'ok';
    };
    PublishRatingDto: {
      /** @description The `imageUrl` the upload answered */
      imageUrl: string;
      /** @description The `imageHash` the upload answered */
      imageHash: string;
      /** @description The overall score the upload answered (its one-decimal text, or a number) */
      averageRating: number | string;
      toeAlignment: number;
      toeNails: number;
      footShape: number;
      aesthetic: number;
      aiComment: string;
      /** @description The `publishKey` the upload answered: only the uploader can publish. Ratings recorded before publish keys existed need none. */
      publishKey?: string;
      /** @description Part of the rating result, accepted back as it was answered and ignored: the post’s own stream decides whether it is held */
      heldForReview?: boolean;
      /**
       * @description Part of the rating result, accepted back as it was answered and ignored: the server’s own record says who rated
       * @enum {string}
       */
      rater?: 'openai' | 'offline';
    };
    IdResponse: {
      /** Format: uuid */
      id: string;
    };
    /**
     * @description Who rated: `openai` (a vision model looked at the photo) or `offline` (this server measured the photo: sharpness, light, framing, not the feet)
     * @enum {string}
     */
    RaterKind: 'openai' | 'offline';
    AiRatingResponse: {
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      toeAlignment: number;
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      toeNails: number;
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      footShape: number;
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      aesthetic: number;
      aiComment: string;
      /** @description Who rated: `openai` (a vision model looked at the photo) or `offline` (this server measured the photo: sharpness, light, framing, not the feet) */
      rater: components['schemas']['RaterKind'];
      /**
       * @description One decimal, as text
       * @example 7.0
       */
      overall: string;
    };
    PostResponse: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The author
       */
      userId: string;
      /** @example /uploads/ab/ab12….webp */
      imageUrl: string;
      /** @example /uploads/ab/ab12…-480.webp */
      thumbnailUrl: string;
      /** @description Perceptual hash of the photo, 16 hex digits */
      imageHash: string;
      /** @description The photo's width in pixels; null for a post published before sizes were kept */
      imageWidth: number | null;
      /** @description The photo's height in pixels; null as `imageWidth` */
      imageHeight: number | null;
      /**
       * @description Mean of the AI score and every community rating, one decimal as text; null for a direct post nobody has rated
       * @example 7.5
       */
      averageRating: string | null;
      /** @description Community ratings counted */
      voteCount: number;
      /**
       * @description Mean of the community ratings alone (without the AI score), one decimal as text; null before any counts
       * @example 6.8
       */
      communityAverage: string | null;
      /** @description Null for a direct post */
      aiRating: components['schemas']['AiRatingResponse'] | null;
      likesCount: number;
      commentsCount: number;
      /** @description The author's anonymous username */
      username: string | null;
      displayUsername: string | null;
      bio: string | null;
      /**
       * @example {
       *       "instagram": "https://instagram.com/someone"
       *     }
       */
      socialLinks: {
        instagram?: string;
        twitter?: string;
        tiktok?: string;
        youtube?: string;
        snapchat?: string;
      } | null;
      profilePictureUrl: string | null;
      isBoosted: boolean;
      /**
       * @description The boost running on the post, if any
       * @enum {string|null}
       */
      boostType: 'regular' | 'mega' | null;
      isPublic: boolean;
      isModerated: boolean;
      /** @description Held for review: only its author (and the admins) see it until an admin approves it */
      heldForReview: boolean;
      /**
       * @description `repost` when another account posted the same photo earlier
       * @example []
       */
      moderationFlags: string[];
      /** Format: date-time */
      createdAt: string;
      /** @description Place on the whole board, where a board ranks (sort=top, the weekly board) */
      rank?: number;
    };
    PostPageResponse: {
      /** Format: uuid */
      id: string;
      /**
       * Format: uuid
       * @description The author
       */
      userId: string;
      /** @example /uploads/ab/ab12….webp */
      imageUrl: string;
      /** @example /uploads/ab/ab12…-480.webp */
      thumbnailUrl: string;
      /** @description Perceptual hash of the photo, 16 hex digits */
      imageHash: string;
      /** @description The photo's width in pixels; null for a post published before sizes were kept */
      imageWidth: number | null;
      /** @description The photo's height in pixels; null as `imageWidth` */
      imageHeight: number | null;
      /**
       * @description Mean of the AI score and every community rating, one decimal as text; null for a direct post nobody has rated
       * @example 7.5
       */
      averageRating: string | null;
      /** @description Community ratings counted */
      voteCount: number;
      /**
       * @description Mean of the community ratings alone (without the AI score), one decimal as text; null before any counts
       * @example 6.8
       */
      communityAverage: string | null;
      /** @description Null for a direct post */
      aiRating: components['schemas']['AiRatingResponse'] | null;
      likesCount: number;
      commentsCount: number;
      /** @description The author's anonymous username */
      username: string | null;
      displayUsername: string | null;
      bio: string | null;
      /**
       * @example {
       *       "instagram": "https://instagram.com/someone"
       *     }
       */
      socialLinks: {
        instagram?: string;
        twitter?: string;
        tiktok?: string;
        youtube?: string;
        snapchat?: string;
      } | null;
      profilePictureUrl: string | null;
      isBoosted: boolean;
      /**
       * @description The boost running on the post, if any
       * @enum {string|null}
       */
      boostType: 'regular' | 'mega' | null;
      isPublic: boolean;
      isModerated: boolean;
      /** @description Held for review: only its author (and the admins) see it until an admin approves it */
      heldForReview: boolean;
      /**
       * @description `repost` when another account posted the same photo earlier
       * @example []
       */
      moderationFlags: string[];
      /** Format: date-time */
      createdAt: string;
      /** @description Place on the whole board, where a board ranks (sort=top, the weekly board) */
      rank?: number;
      /** @description Its rank on this week’s board (as the weekly board shows it); null for a post of another week, an unrated or an unlisted one */
      weeklyRank: number | null;
      /** @description Whether the signed-in viewer has a report on it waiting for an admin (false signed out) */
      reportedByViewer: boolean;
    };
    OwnPostResponse: {
      /** Format: uuid */
      id: string;
      imageUrl: string;
      thumbnailUrl: string;
      likesCount: number;
      commentsCount: number;
      isBoosted: boolean;
      /**
       * @description The boost running on the post, if any
       * @enum {string|null}
       */
      boostType: 'regular' | 'mega' | null;
      /** Format: date-time */
      createdAt: string;
      /** @example 7.5 */
      averageRating: string | null;
      voteCount: number;
      /**
       * @description Mean of the community ratings alone (without the AI score), one decimal as text; null before any counts
       * @example 6.8
       */
      communityAverage: string | null;
      /** @description Whether the public may see it as far as hiding goes: false once an admin or reports hid it */
      isPublic: boolean;
      isModerated: boolean;
      /** @description Held for review: only its author (and the admins) see it until an admin approves it */
      heldForReview: boolean;
      /** @description Removed by a moderator: off every public board and page for good (its page answers 404) */
      removed: boolean;
      /** @description Why a moderator removed it; null unless removed */
      removalReason: string | null;
    };
    SuccessResponse: {
      /** @enum {boolean} */
      success: true;
    };
    LikedResponse: {
      liked: boolean;
    };
    LikeResponse: {
      /** @enum {boolean} */
      success: true;
      liked: boolean;
      likesCount: number;
    };
    CommentResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      postId: string;
      /**
       * Format: uuid
       * @description The author
       */
      userId: string;
      /** @description The author's anonymous username */
      username: string | null;
      displayUsername: string | null;
      profilePictureUrl: string | null;
      text: string;
      /** Format: date-time */
      createdAt: string;
      likesCount: number;
      /** @description Whether the signed-in viewer likes the comment (always false when signed out), so a thread needs no request per comment */
      likedByViewer: boolean;
      /** Format: uuid */
      parentCommentId: string | null;
      /** @description Replies, oldest first (one level deep: always empty on a reply) */
      replies: components['schemas']['CommentResponse'][];
    };
    CommentDto: {
      /**
       * @description 1 to 500 characters once trimmed, as a reader counts them (an emoji is one)
       * @example Lovely arches!
       */
      text: string;
      /**
       * Format: uuid
       * @description The comment this replies to; a reply to a reply joins its top-level thread
       */
      parentCommentId?: string | null;
    };
    UserRatingResponse: {
      rating: number | null;
      /**
       * Format: date-time
       * @description When the rating comes to count, while a young account’s rating waits (pending); null when it counts, when there is none, or when it is held for another reason (not told)
       */
      countsFrom: string | null;
      /**
       * Format: date-time
       * @description Before voting: when a rating given now would come to count (the account is younger than the wait); null when it would count at once, when signed out, or when the post is rated already
       */
      newRatingCountsFrom: string | null;
    };
    ReportDto: {
      /**
       * @description What is wrong with the post. Without it the report is of the `other` category and `reason` is required.
       * @enum {string}
       */
      category?:
        | 'face_or_person'
        | 'nudity'
        | 'not_feet'
        | 'not_own_photo'
        | 'minor'
        | 'spam'
        | 'harassment'
        | 'other';
      /** @description The reporter’s own words, at most 500 characters once trimmed; required without a category */
      reason?: string;
    };
    WeeklyWinnerResponse: {
      rank: number;
      /** Format: uuid */
      postId: string;
      /** Format: uuid */
      userId: string;
      /** @description The author's anonymous username */
      username: string;
      displayUsername: string | null;
      imageUrl: string;
      thumbnailUrl: string;
      /** @example 7.5 */
      averageRating: string | null;
      voteCount: number;
    };
    WeekResponse: {
      /** @example 2026-W47 */
      week: string;
      /** Format: date-time */
      startsAt: string;
      /** Format: date-time */
      endsAt: string;
      /** Format: date-time */
      closedAt: string | null;
      winners: components['schemas']['WeeklyWinnerResponse'][];
    };
    WeeklyStandingResponse: {
      /** @description Percent of this week’s rated posts rated below the score; null when none */
      betterThanPercent: number | null;
      /** @description The rank on this week’s board a post of this score would take if posted now */
      weeklyRankIfPosted: number;
      /** @description This week’s rated posts */
      weeklyPostCount: number;
    };
    HomeSummaryResponse: {
      /** @description This week’s best three rated posts, each with its rank */
      top: components['schemas']['PostResponse'][];
      /** @description Posts published this week */
      weeklyPostCount: number;
      /** @description Community votes that began to count this week, as the boards add them up */
      weeklyVoteCount: number;
    };
    RatePostDto: {
      /** Format: uuid */
      postId: string;
      overallScore: number;
    };
    RatingSubmittedResponse: {
      /** @enum {boolean} */
      success: true;
      /** @example 7.5 */
      averageRating: string | null;
      voteCount: number;
      /**
       * Format: date-time
       * @description When the rating comes to count in the average: an account younger than a day rates, and its rating counts once the account is a day old; null when it counts now (or is held for another reason, not told)
       */
      countsFrom: string | null;
      /**
       * @description Why and when the rating comes to count (the time in UTC), if it waits; null when it counts now
       * @example New accounts' votes count after 24 hours, to keep the boards fair: yours counts from Sat 28 Nov, 21:14 UTC
       */
      message: string | null;
    };
    PostingSuspensionResponse: {
      /**
       * Format: date-time
       * @description When the account may post, comment and rate again; null when it may now
       */
      suspendedUntil: string | null;
      /** @description What a refused write says while suspended */
      message: string | null;
    };
    RegisterDto: {
      /**
       * Format: email
       * @example someone@example.com
       */
      email: string;
      password: string;
    };
    UserResponse: {
      /** Format: uuid */
      id: string;
      /** Format: email */
      email: string;
      /** @example HappyToes4821 */
      anonymousUsername: string;
      displayUsername: string | null;
      bio: string | null;
      profilePictureUrl: string | null;
      /**
       * @example {
       *       "instagram": "https://instagram.com/someone"
       *     }
       */
      socialLinks: {
        instagram?: string;
        twitter?: string;
        tiktok?: string;
        youtube?: string;
        snapchat?: string;
      } | null;
      /** @description Only shows the Admin link; the admin api needs an admin session */
      isAdmin: boolean;
      emailVerified: boolean;
      /** Format: date-time */
      createdAt: string;
      emailNotificationsRating: boolean;
      emailNotificationsComment: boolean;
      emailNotificationsAchievements: boolean;
    };
    LoginDto: {
      /**
       * Format: email
       * @example someone@example.com
       */
      email: string;
      password: string;
    };
    VerifyEmailDto: {
      /** @description The token of the mailed verification link */
      token: string;
      /** @description The password chosen by the person verifying. Needed where this browser is not signed in to the account: it replaces the password given at registration. Left out or null: none chosen. */
      password?: string | null;
    };
    EmailOnlyDto: {
      /**
       * Format: email
       * @example someone@example.com
       */
      email: string;
    };
    MessageResponse: {
      /** @example If an account exists, a verification email has been sent. */
      message: string;
    };
    EmailPreferencesDto: {
      /** @description Mail when someone rates one of my posts */
      emailNotificationsRating?: boolean;
      /** @description Mail when someone comments on one of my posts */
      emailNotificationsComment?: boolean;
      /** @description Mail when one of my posts makes the weekly top 5 */
      emailNotificationsAchievements?: boolean;
    };
    ResetPasswordDto: {
      /** @description The token of the mailed reset link */
      token: string;
      password: string;
    };
    UpdatePasswordDto: {
      currentPassword: string;
      newPassword: string;
    };
    SessionResponse: {
      /** Format: uuid */
      id: string;
      /** @description "Firefox on Linux", or null when the browser did not say */
      browser: string | null;
      /** Format: date-time */
      signedInAt: string;
      /** Format: date-time */
      expiresAt: string;
      /** @description The browser asking */
      current: boolean;
    };
    UpdateProfileDto: {
      /** @description Shown instead of the anonymous username, 3 to 30 characters; null or blank clears it */
      displayUsername?: string | null;
      /** @description Null or blank clears it */
      bio?: string | null;
      /** @description A username or an http(s) link per platform; a null or blank link drops it, null drops them all */
      socialLinks?: {
        instagram?: string | null;
        twitter?: string | null;
        tiktok?: string | null;
        youtube?: string | null;
        snapchat?: string | null;
      } | null;
    };
    ProfilePictureResponse: {
      /** @enum {boolean} */
      success: true;
      /** @example /uploads/ab/ab12….webp */
      profilePictureUrl: string;
    };
    PublicUserResponse: {
      /** Format: uuid */
      id: string;
      displayUsername: string | null;
      anonymousUsername: string;
      bio: string | null;
      /**
       * @example {
       *       "instagram": "https://instagram.com/someone"
       *     }
       */
      socialLinks: {
        instagram?: string;
        twitter?: string;
        tiktok?: string;
        youtube?: string;
        snapchat?: string;
      } | null;
      profilePictureUrl: string | null;
    };
    ProfilePostResponse: {
      /** Format: uuid */
      id: string;
      imageUrl: string;
      thumbnailUrl: string;
      likesCount: number;
      commentsCount: number;
      isBoosted: boolean;
      /**
       * @description The boost running on the post, if any
       * @enum {string|null}
       */
      boostType: 'regular' | 'mega' | null;
      /** Format: date-time */
      createdAt: string;
      /** @example 7.5 */
      overallRating: string | null;
      /** @description Community ratings counted */
      voteCount: number;
      /**
       * @description Mean of the community ratings alone (without the AI score), one decimal as text; null before any counts
       * @example 6.8
       */
      communityAverage: string | null;
    };
    PublicProfileResponse: {
      user: components['schemas']['PublicUserResponse'];
      posts: components['schemas']['ProfilePostResponse'][];
    };
    AdminLoginDto: {
      username: string;
      password: string;
    };
    AdminResponse: {
      /** Format: uuid */
      id: string;
      username: string;
    };
    DashboardCountsResponse: {
      /** @description Posts pending review */
      pendingPosts: number;
      pendingReports: number;
      users: number;
      /** @description Boosts running now */
      boosts: number;
    };
    StatisticsDayResponse: {
      uploads: number;
      /** @description Community ratings cast, held ones included */
      ratings: number;
      /** @description Community ratings that began to count: cast by an account whose votes count, or released from a hold */
      countedRatings: number;
      posts: number;
      users: number;
      likes: number;
      comments: number;
      reports: number;
      boostsSold: number;
      /** @description Cents */
      boostRevenue: number;
      donations: number;
      /** @description Cents */
      donationRevenue: number;
      refunds: number;
      /** @description Cents */
      refundedAmount: number;
      /** @example 2026-11-22 */
      day: string;
    };
    StatisticsWeekResponse: {
      uploads: number;
      /** @description Community ratings cast, held ones included */
      ratings: number;
      /** @description Community ratings that began to count: cast by an account whose votes count, or released from a hold */
      countedRatings: number;
      posts: number;
      users: number;
      likes: number;
      comments: number;
      reports: number;
      boostsSold: number;
      /** @description Cents */
      boostRevenue: number;
      donations: number;
      /** @description Cents */
      donationRevenue: number;
      refunds: number;
      /** @description Cents */
      refundedAmount: number;
      /** @example 2026-W47 */
      week: string;
    };
    StatisticsResponse: {
      from: string;
      to: string;
      days: components['schemas']['StatisticsDayResponse'][];
      weeks: components['schemas']['StatisticsWeekResponse'][];
    };
    PersonResponse: {
      /** Format: uuid */
      id: string;
      /** @description Display name, or the anonymous username */
      name: string;
      email: string | null;
    };
    AdminBoostResponse: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      boostType: 'regular' | 'mega';
      /**
       * @description unclaimed: bought, not applied; active: running on its post; expired: ran out; withdrawn: refunded before it was applied
       * @enum {string}
       */
      state: 'unclaimed' | 'active' | 'expired' | 'withdrawn';
      /** @description A refund was recorded (an active boost still runs out) */
      refunded: boolean;
      /** Format: uuid */
      userId: string;
      buyer: components['schemas']['PersonResponse'] | null;
      /** Format: uuid */
      postId: string | null;
      /** @description Cents paid */
      amount: number;
      /** @example usd */
      currency: string;
      /**
       * Format: date-time
       * @description Bought
       */
      createdAt: string;
      /** Format: date-time */
      appliedAt: string | null;
      /** Format: date-time */
      expiresAt: string | null;
      stripePaymentId: string | null;
      /** @description Stripe gave a receipt (GET boosts/{id}/receipt) */
      hasReceipt: boolean;
    };
    AdminBoostPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminBoostResponse'][];
    };
    ReceiptResponse: {
      /** @description The charge’s receipt on Stripe (open it in a new tab) */
      receiptUrl: string;
    };
    AdminPaymentResponse: {
      /** @description The fact’s id (a dispute’s is `dispute-<Stripe dispute id>`) */
      id: string;
      /** @enum {string} */
      kind: 'purchase' | 'donation' | 'refund' | 'dispute';
      /** Format: date-time */
      at: string;
      /** @description Cents: paid, refunded by this refund, or disputed */
      amount: number;
      /** @example usd */
      currency: string;
      /** Format: uuid */
      userId: string | null;
      user: components['schemas']['PersonResponse'] | null;
      boostId: string | null;
      /** @enum {string|null} */
      boostType: 'regular' | 'mega' | null;
      postId: string | null;
      stripePaymentId: string | null;
      stripeDisputeId: string | null;
      /** @description The Stripe event that told of it */
      stripeEventId: string | null;
      /** @description A refund: the refunded total after it */
      refundedTotal: number | null;
      /** @description A dispute: Stripe’s reason */
      reason: string | null;
      /** @enum {string|null} */
      disputeStatus: 'open' | 'suspended' | 'kept' | 'lifted' | null;
      /** @description The admin who decided */
      resolvedBy: string | null;
      /** Format: date-time */
      resolvedAt: string | null;
      resolutionReason: string | null;
    };
    AdminPaymentPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminPaymentResponse'][];
    };
    ResolveDisputeDto: {
      /** @description true lifts the suspension of the buyer’s boost purchases, false keeps it */
      liftSuspension: boolean;
      reason: string;
    };
    AdminPostResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      userId: string;
      author: components['schemas']['PersonResponse'] | null;
      /** @description The back office’s address of the photo (`/api/rtm-sys/uploads/…`) */
      imageUrl: string;
      /** @description The back office’s address of its 480 px size */
      thumbnailUrl: string;
      averageRating: number | null;
      /** @description The AI’s overall score */
      aiRating: number | null;
      voteCount: number;
      likesCount: number;
      commentsCount: number;
      isPublic: boolean;
      isModerated: boolean;
      /** @description On the public boards */
      listed: boolean;
      removed: boolean;
      /** @description Held for review: shown to its author alone until approved */
      heldForReview: boolean;
      removalReason: string | null;
      /** @description Hidden by reports until reviewed */
      autoHidden: boolean;
      authorBanned: boolean;
      pendingReports: number;
      moderationFlags: string[];
      /** @enum {string|null} */
      boostType: 'regular' | 'mega' | null;
      /** Format: date-time */
      createdAt: string;
    };
    AdminPostPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminPostResponse'][];
    };
    PatchPostDto: {
      /**
       * @description Approve (only while unmoderated)
       * @enum {boolean}
       */
      isModerated?: true;
      /** @description false hides the post, true shows it */
      isPublic?: boolean;
      reason?: string | null;
    };
    ReasonDto: {
      reason: string;
    };
    GateVerdictResponse: {
      /** @enum {string} */
      outcome: 'pass' | 'review' | 'refuse';
      /**
       * @description The rule that asked for a review; null for a pass
       * @enum {string|null}
       */
      reason: 'face' | 'person' | 'nudity' | 'too_small' | null;
      /**
       * @description The scores that decided, by model and label (`face.ssd`, `nsfw.porn`), 0..1
       * @example {
       *       "nsfw.sexy": 0.83
       *     }
       */
      scores: {
        [key: string]: number;
      };
      /**
       * @description Which gate decided
       * @example offline-v1
       */
      gate: string;
    };
    HeldPostResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      userId: string;
      author: components['schemas']['PersonResponse'] | null;
      /** @description The back office’s address of the photo (`/api/rtm-sys/uploads/…`) */
      imageUrl: string;
      /** @description The back office’s address of its 480 px size */
      thumbnailUrl: string;
      averageRating: number | null;
      /** @description The AI’s overall score */
      aiRating: number | null;
      voteCount: number;
      likesCount: number;
      commentsCount: number;
      isPublic: boolean;
      isModerated: boolean;
      /** @description On the public boards */
      listed: boolean;
      removed: boolean;
      /** @description Held for review: shown to its author alone until approved */
      heldForReview: boolean;
      removalReason: string | null;
      /** @description Hidden by reports until reviewed */
      autoHidden: boolean;
      authorBanned: boolean;
      pendingReports: number;
      moderationFlags: string[];
      /** @enum {string|null} */
      boostType: 'regular' | 'mega' | null;
      /** Format: date-time */
      createdAt: string;
      /**
       * @description `gate_review`: the content check asked for a human look; `repost_review`: the photo looks like another member's post; `approval_required`: every post waits for an admin
       * @enum {string}
       */
      heldReason: 'gate_review' | 'repost_review' | 'approval_required';
      gateVerdict: components['schemas']['GateVerdictResponse'] | null;
      /** @description Other members' posts whose photo this one looks like (the re-post check's finds) */
      similarTo: string[];
    };
    HeldPostPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['HeldPostResponse'][];
    };
    AdminCommentResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      postId: string;
      /** Format: uuid */
      parentCommentId: string | null;
      /** Format: uuid */
      userId: string;
      author: components['schemas']['PersonResponse'] | null;
      /** @description Null once its author erased the account */
      text: string | null;
      likesCount: number;
      /** @description Its author is banned */
      hidden: boolean;
      /** Format: date-time */
      createdAt: string;
    };
    AdminCommentPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminCommentResponse'][];
    };
    AdminReportResponse: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      postId: string;
      post: components['schemas']['AdminPostResponse'] | null;
      reporter: components['schemas']['PersonResponse'] | null;
      /** @description The post’s author */
      author: components['schemas']['PersonResponse'] | null;
      /** Format: uuid */
      reporterId: string;
      /** Format: uuid */
      authorId: string;
      /**
       * @description What is wrong, as the reporter chose it (`other` for reports made before categories)
       * @enum {string}
       */
      category:
        | 'face_or_person'
        | 'nudity'
        | 'not_feet'
        | 'not_own_photo'
        | 'minor'
        | 'spam'
        | 'harassment'
        | 'other';
      /** @description The reporter’s own words: empty when none were given, null once the reporter erased the account */
      reason: string | null;
      /** @enum {string} */
      status: 'pending' | 'reviewed' | 'dismissed';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      reviewedAt: string | null;
      /** @description The reviewing admin’s username */
      reviewedBy: string | null;
      hidePost: boolean;
      note: string | null;
    };
    AdminReportPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminReportResponse'][];
    };
    PatchReportDto: {
      /** @enum {string} */
      status: 'reviewed' | 'dismissed';
      /**
       * @description Hide the post in the same step
       * @default false
       */
      hidePost: boolean;
      note?: string | null;
    };
    AdminUserResponse: {
      /** Format: uuid */
      id: string;
      email: string | null;
      anonymousUsername: string | null;
      displayUsername: string | null;
      bio: string | null;
      /**
       * @example {
       *       "instagram": "https://instagram.com/someone"
       *     }
       */
      socialLinks: {
        instagram?: string;
        twitter?: string;
        tiktok?: string;
        youtube?: string;
        snapchat?: string;
      } | null;
      profilePictureUrl: string | null;
      isAdmin: boolean;
      emailVerified: boolean;
      /** @enum {string} */
      status: 'active' | 'suspended' | 'banned';
      statusReason: string | null;
      /** Format: date-time */
      createdAt: string;
    };
    AdminUserPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminUserResponse'][];
    };
    PatchUserDto: {
      /** @description The staff flag (the header’s Admin link) */
      isAdmin: boolean;
    };
    OptionalReasonDto: {
      reason?: string | null;
    };
    ClearProfileFieldsDto: {
      reason: string;
      /** @description Each field to clear: a field already empty is left as it is */
      fields: (
        | 'displayUsername'
        | 'bio'
        | 'profilePicture'
        | 'socialLinks.instagram'
        | 'socialLinks.twitter'
        | 'socialLinks.tiktok'
        | 'socialLinks.youtube'
        | 'socialLinks.snapchat'
      )[];
    };
    StrikeCauseResponse: {
      /** @enum {string} */
      kind: 'photo_refused' | 'report_upheld' | 'comment_refused';
      /** @description Why the photo or comment was refused (face_or_person, offensive, …) */
      reason: string | null;
      postId: string | null;
      ratingId: string | null;
      reportId: string | null;
      commentId: string | null;
    };
    StrikeResponse: {
      id: string;
      /**
       * Format: date-time
       * @description When the offence happened
       */
      at: string;
      cause: components['schemas']['StrikeCauseResponse'];
      /**
       * Format: date-time
       * @description When it stopped counting: the refused photo was fixed by an upload that passed within 10 minutes
       */
      withdrawnAt: string | null;
    };
    SuspensionLiftResponse: {
      /** Format: date-time */
      at: string;
      /** @description The admin who lifted it */
      by: string | null;
      reason: string;
    };
    StrikeSuspensionResponse: {
      /** Format: date-time */
      from: string;
      /** Format: date-time */
      until: string;
      /** @description The strikes it was for */
      strikeIds: string[];
      lifted: components['schemas']['SuspensionLiftResponse'] | null;
    };
    UserStrikesResponse: {
      strikes: components['schemas']['StrikeResponse'][];
      suspensions: components['schemas']['StrikeSuspensionResponse'][];
      /**
       * Format: date-time
       * @description The end of the posting suspension running now, or null
       */
      suspendedUntil: string | null;
    };
    /**
     * @description The event type
     * @enum {string}
     */
    AuditKind:
      | 'PostApproved'
      | 'PostVisibilityChanged'
      | 'PostRemoved'
      | 'PostAutoHidden'
      | 'ReportReviewed'
      | 'CommentDeleted'
      | 'UserAdminFlagChanged'
      | 'UserSuspended'
      | 'UserBanned'
      | 'UserRestrictionLifted'
      | 'UserProfileCleared'
      | 'UserNameLookAlikeKept'
      | 'PostingSuspended'
      | 'PostingSuspensionLifted'
      | 'AdminCreated'
      | 'AdminDisabled'
      | 'AdminPasswordReset'
      | 'AdminRestored'
      | 'AdminSignedIn'
      | 'AdminSignedOut'
      | 'ClusterCleared'
      | 'BoostPurchased'
      | 'DonationReceived'
      | 'PaymentRefunded'
      | 'PaymentDisputed'
      | 'BoostPurchasesSuspended'
      | 'BoostPurchasesReinstated'
      | 'BoostPurchasesSuspensionKept';
    AuditEntryResponse: {
      id: string;
      /** Format: date-time */
      at: string;
      /** @enum {string} */
      actorType: 'admin' | 'system' | 'stripe' | 'user' | 'visitor';
      actorId: string;
      /** @description The admin’s username, when the actor is an admin */
      actorName: string;
      /** @description The event type */
      kind: components['schemas']['AuditKind'];
      /** @enum {string} */
      targetType:
        'post' | 'comment' | 'report' | 'user' | 'admin' | 'boost' | 'payment' | 'cluster';
      targetId: string;
      reason: string | null;
      /** @description What changed */
      changes: {
        [key: string]: unknown;
      };
      /** @description The correlation id of the event: for an action taken through the api, the id of its request (X-Request-Id), which its log lines carry */
      correlationId: string | null;
    };
    AuditPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AuditEntryResponse'][];
    };
    AdminAccountResponse: {
      /** Format: uuid */
      id: string;
      username: string;
      /** @enum {string} */
      status: 'active' | 'disabled';
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      lastSignedInAt: string | null;
    };
    AdminAccountPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminAccountResponse'][];
    };
    CreateAdminDto: {
      username: string;
      password: string;
      /** @description The acting admin’s own current password; a wrong one counts as a failed sign-in of that admin */
      currentPassword: string;
    };
    DisableAdminDto: {
      reason?: string | null;
      /** @description The acting admin’s own current password; a wrong one counts as a failed sign-in of that admin */
      currentPassword: string;
    };
    AdminPasswordDto: {
      password: string;
      /** @description The acting admin’s own current password; a wrong one counts as a failed sign-in of that admin */
      currentPassword: string;
    };
    ClusterAccountResponse: {
      /** Format: uuid */
      userId: string;
      /** Format: date-time */
      registeredAt: string;
    };
    AdminClusterResponse: {
      /** @description The network’s keyed mark and the cluster’s number on it */
      id: string;
      /** @enum {string} */
      status: 'held' | 'cleared';
      /** Format: date-time */
      flaggedAt: string;
      accounts: components['schemas']['ClusterAccountResponse'][];
      /** Format: date-time */
      clearedAt: string | null;
      /** @description The clearing admin’s id */
      clearedBy: string | null;
      reason: string | null;
    };
    AdminClusterPage: {
      total: number;
      page: number;
      pageSize: number;
      items: components['schemas']['AdminClusterResponse'][];
    };
    HeldVoteResponse: {
      /** @enum {string} */
      kind: 'rating' | 'like';
      /** Format: uuid */
      postId: string;
      /** Format: uuid */
      userId: string;
      /** @description A rating’s score */
      score: number | null;
      /** @description Why it did not count */
      heldOut: ('same-network' | 'same-browser' | 'cluster' | 'young-account')[];
      /**
       * Format: date-time
       * @description When a young account’s rating counts
       */
      countsFrom: string | null;
      /** @description Whether it has come to count since */
      counted: boolean;
      /** Format: date-time */
      countedAt: string | null;
      /** Format: date-time */
      at: string;
    };
    AdminClusterDetailResponse: {
      /** @description The network’s keyed mark and the cluster’s number on it */
      id: string;
      /** @enum {string} */
      status: 'held' | 'cleared';
      /** Format: date-time */
      flaggedAt: string;
      accounts: components['schemas']['ClusterAccountResponse'][];
      /** Format: date-time */
      clearedAt: string | null;
      /** @description The clearing admin’s id */
      clearedBy: string | null;
      reason: string | null;
      votes: components['schemas']['HeldVoteResponse'][];
    };
    ClearClusterResponse: {
      /** @description The network’s keyed mark and the cluster’s number on it */
      id: string;
      /** @enum {string} */
      status: 'held' | 'cleared';
      /** Format: date-time */
      flaggedAt: string;
      accounts: components['schemas']['ClusterAccountResponse'][];
      /** Format: date-time */
      clearedAt: string | null;
      /** @description The clearing admin’s id */
      clearedBy: string | null;
      reason: string | null;
      votes: components['schemas']['HeldVoteResponse'][];
      /** @description Ratings that came to count with the clearing */
      counted: number;
    };
    HeldVotesResponse: {
      items: components['schemas']['HeldVoteResponse'][];
    };
    RatingResultResponse: {
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      toeAlignment: number;
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      toeNails: number;
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      footShape: number;
      /**
       * @description Out of 10, one decimal
       * @example 7.5
       */
      aesthetic: number;
      aiComment: string;
      /** @description Who rated: `openai` (a vision model looked at the photo) or `offline` (this server measured the photo: sharpness, light, framing, not the feet) */
      rater: components['schemas']['RaterKind'];
      /**
       * @description Overall score out of 10, one decimal, as text
       * @example 7.5
       */
      averageRating: string;
      /**
       * @description Where the stored photo is served
       * @example /uploads/ab/ab12….webp
       */
      imageUrl: string;
      /** @description Perceptual hash of the photo, 16 hex digits */
      imageHash: string;
      /** @description The secret that publishing this rating needs: answered to the uploader only, sent back with the publish */
      publishKey: string;
      /** @description Its post will be held for review: an admin looks at it before it goes public (the content check was unsure, or every post waits for an admin) */
      heldForReview: boolean;
    };
    EraseAccountDto: {
      /** @description The account’s password */
      password: string;
    };
    BoostCheckoutDto: {
      /** @enum {string} */
      boostType: 'regular' | 'mega';
    };
    CheckoutUrlResponse: {
      /** @description Where the browser goes to pay */
      url: string;
    };
    PostCheckoutUrlResponse: {
      /** @description Where the browser goes to pay */
      checkoutUrl: string;
    };
    DonationCheckoutDto: {
      /** @description Integer cents */
      amount: number;
    };
    BoostResponse: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      boostType: 'regular' | 'mega';
      /**
       * @description Paid, in dollars
       * @example 1.99
       */
      price: string;
      /** @example usd */
      currency: string;
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      appliedAt: string | null;
      /** Format: date-time */
      expiresAt: string | null;
      /** @description Applied to a post and not yet expired */
      isActive: boolean;
      /** Format: uuid */
      postId: string | null;
      /** Format: uuid */
      userId: string;
      /** @description The Stripe PaymentIntent id */
      stripePaymentId: string | null;
    };
    UnclaimedBoostsResponse: {
      count: number;
      /** @description The next to be applied */
      boost: components['schemas']['BoostResponse'] | null;
      /** @description Oldest first */
      boosts: components['schemas']['BoostResponse'][];
    };
    PurchaseResponse: {
      id: string;
      /** @enum {string} */
      kind: 'boost' | 'donation';
      /** @enum {string|null} */
      boostType: 'regular' | 'mega' | null;
      /**
       * @description Paid, in dollars
       * @example 1.99
       */
      amount: string;
      /** @example usd */
      currency: string;
      /**
       * Format: date-time
       * @description When it was paid
       */
      paidAt: string;
      /**
       * @description A boost: unused, active, expired or refunded; a donation: received or refunded
       * @enum {string}
       */
      state: 'unused' | 'active' | 'expired' | 'refunded' | 'received';
      /**
       * Format: uuid
       * @description The boosted post
       */
      postId: string | null;
      /** Format: date-time */
      expiresAt: string | null;
      /**
       * @description A boost that ended before its time: its post was removed by a moderator, or deleted
       * @enum {string|null}
       */
      endedEarly: 'removed' | 'deleted' | null;
      /**
       * @description Refunded so far, in dollars
       * @example 0.00
       */
      refunded: string;
      /** @description The payment provider’s receipt */
      receiptUrl: string | null;
    };
    PurchasesPageResponse: {
      items: components['schemas']['PurchaseResponse'][];
      total: number;
      page: number;
      pageSize: number;
    };
    AppliedBoostResponse: {
      /** @enum {string} */
      boostType: 'regular' | 'mega';
    };
    PostBoostResponse: {
      /** @enum {string} */
      boostType: 'regular' | 'mega';
      /** Format: date-time */
      expiresAt: string | null;
      /** @description Applied to a post and not yet expired */
      isActive: boolean;
      /**
       * Format: uuid
       * @description The buyer only
       */
      id?: string;
      /**
       * @description The buyer only: paid, in dollars
       * @example 1.99
       */
      price?: string;
      /**
       * @description The buyer only
       * @example usd
       */
      currency?: string;
      /**
       * Format: date-time
       * @description The buyer only
       */
      createdAt?: string;
      /**
       * Format: date-time
       * @description The buyer only
       */
      appliedAt?: string | null;
      /**
       * Format: uuid
       * @description The buyer only
       */
      postId?: string | null;
      /**
       * Format: uuid
       * @description The buyer only
       */
      userId?: string;
      /** @description The buyer only: the Stripe PaymentIntent id */
      stripePaymentId?: string | null;
    };
    ConfirmCheckoutDto: {
      /** @description The `session_id` of the return address */
      sessionId: string;
    };
    CheckoutConfirmationResponse: {
      /** @enum {string} */
      status: 'paid' | 'unpaid' | 'expired';
      /** @enum {string} */
      kind: 'boost' | 'donation';
      /** @enum {string} */
      boostType?: 'regular' | 'mega';
      /** Format: uuid */
      postId?: string;
      /**
       * @description In dollars
       * @example 5.00
       */
      amount: string;
      /** @description The paid charge’s receipt page, when the provider has one; for whoever holds the session id (signed in or not) */
      receiptUrl?: string;
      /** @description A paid post checkout: whether its boost runs on the post (false: the post could not take it — gone, off the leaderboard or boosted meanwhile — and the boost waits unused on the account) */
      appliedToPost?: boolean;
    };
    WebhookReceivedResponse: {
      /** @enum {boolean} */
      received: true;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  DevMail_outbox: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SentMailResponse'][];
        };
      };
      /** @description Asked from another machine or under another host name, with a proxy trusted, or while mail goes out through SMTP */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Health_health: {
    parameters: {
      query?: never;
      header: {
        authorization: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthResponse'];
        };
      };
      /** @description A store did not answer */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Health_live: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LiveResponse'];
        };
      };
    };
  };
  Posts_publish: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PublishRatingDto'];
      };
    };
    responses: {
      /** @description The new post’s id */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IdResponse'];
        };
      };
      /** @description A field is missing or malformed, or the scores differ from the server’s rating; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The publish key is missing or not the one this upload answered. The account is suspended from posting, commenting and rating after its strikes (the message says until when); or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No rating of that image (or it expired) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description That rating is already published, or you have a post of this photo already (“You have already posted this photo”) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_publishDirect: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description A JPEG, PNG, WebP or AVIF photo of feet, at most 10 MB
           */
          image: string;
        };
      };
    };
    responses: {
      /** @description The new post’s id */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IdResponse'];
        };
      };
      /** @description No image, or not an image */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet. The account is suspended from posting, commenting and rating after its strikes (the message says until when); or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description You have a post of this photo already (“You have already posted this photo”) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The image is over 10 MB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The content check refused the photo */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Upload allowance of this address used up for this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The content check is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_board: {
    parameters: {
      query?: {
        /** @description Posts per page */
        limit?: number;
        /** @description Where the previous page ended: take it from the `Link` header of that page */
        cursor?: string;
        /** @description Search: posts whose author's display or anonymous username contains it (any case) */
        q?: string;
        /** @description recent: newest first; top: best rated first, each with its rank */
        sort?: 'recent' | 'top';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The next page: `</api/…?cursor=…>; rel="next"`; absent on the last page */
          Link?: string;
          /** @description Send it back in `If-None-Match` to get 304 while the page is unchanged */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostResponse'][];
        };
      };
      /** @description The page is unchanged since the `If-None-Match` ETag */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A query parameter out of range, or a cursor that is not ours */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_post: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostPageResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_ownPosts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OwnPostResponse'][];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_deletePost: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not the author’s post; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_liked: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikedResponse'];
        };
      };
      /** @description Post not found (asked only with a session) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_like: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikeResponse'];
        };
      };
      /** @description Not signed in ("Please sign up to like …") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No such post or comment */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many likes from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_unlike: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikeResponse'];
        };
      };
      /** @description Not signed in ("Please sign up to like …") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No such post or comment */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many likes from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_comments: {
    parameters: {
      query?: {
        /** @description Posts per page */
        limit?: number;
        /** @description Where the previous page ended: take it from the `Link` header of that page */
        cursor?: string;
        /** @description Search: posts whose author's display or anonymous username contains it (any case) */
        q?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The next page: `</api/posts/…/comments?limit=…&cursor=…>; rel="next"`; absent on the last page */
          Link?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CommentResponse'][];
        };
      };
      /** @description A query parameter out of range, or a cursor that is not ours */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_comment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CommentDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CommentResponse'];
        };
      };
      /** @description The text is empty or too long, or the filter refused it (offensive words, a link from an account under 7 days old, the same text on another post today); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in ("Please sign up to comment on posts") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet. The account is suspended from posting, commenting and rating after its strikes (the message says until when); or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post or parent comment not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many comments from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_userRating: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserRatingResponse'];
        };
      };
      /** @description Post not found (asked only with a session) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Posts_report: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReportDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description The category is not one of the list, the reason is too long, or neither a category nor a reason was given; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet, or it is the user’s own post; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description This user’s earlier report of the post is still pending */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many reports from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Leaderboard_weekly: {
    parameters: {
      query?: {
        /** @description Posts per page */
        limit?: number;
        /** @description Where the previous page ended: take it from the `Link` header of that page */
        cursor?: string;
        /** @description Search: posts whose author's display or anonymous username contains it (any case) */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The next page: `</api/…?cursor=…>; rel="next"`; absent on the last page */
          Link?: string;
          /** @description Send it back in `If-None-Match` to get 304 while the page is unchanged */
          ETag?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostResponse'][];
        };
      };
      /** @description The page is unchanged since the `If-None-Match` ETag */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description A query parameter out of range, or a cursor that is not ours */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Leaderboard_weeks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WeekResponse'][];
        };
      };
    };
  };
  Leaderboard_week: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An ISO week */
        week: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WeekResponse'];
        };
      };
      /** @description Not an ISO week like 2026-W47 */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No closed competition for that week */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  ThisWeek_standing: {
    parameters: {
      query: {
        /** @description 0–10, at most one decimal */
        score: unknown;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WeeklyStandingResponse'];
        };
      };
      /** @description A score that is not a number from 0 to 10 with at most one decimal */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  ThisWeek_summary: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HomeSummaryResponse'];
        };
      };
    };
  };
  Comments_deleteComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not the author’s comment; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Comment not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Comments_liked: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikedResponse'];
        };
      };
      /** @description Comment not found (asked only with a session) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Comments_like: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikeResponse'];
        };
      };
      /** @description Not signed in ("Please sign up to like …") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No such post or comment */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many likes from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Comments_unlike: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LikeResponse'];
        };
      };
      /** @description Not signed in ("Please sign up to like …") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No such post or comment */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many likes from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Comments_rate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RatePostDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RatingSubmittedResponse'];
        };
      };
      /** @description The score is not a whole number from 0 to 10; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in ("Please sign up to rate posts") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet, or it is the user’s own post. The account is suspended from posting, commenting and rating after its strikes (the message says until when); or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The user has already rated this post */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many ratings from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  PostingSuspension_suspension: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostingSuspensionResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  ShareCard_card: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The card */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/jpeg': string;
        };
      };
      /** @description The card is unchanged since the `If-None-Match` ETag */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Post not found: missing, hidden, held for review, removed or deleted */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many cards drawn for this address this minute (Retry-After says when to try again); a card already drawn is still served */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_register: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterDto'];
      };
    };
    responses: {
      /** @description The new account, signed in; a verification mail is on its way (the same answer for an address that has an account, see above) */
      201: {
        headers: {
          /** @description Starts the user session: `sid=…; HttpOnly; SameSite=Lax; Path=/` (`__Host-sid=…; Secure` when PUBLIC_URL is https); a browser without one also gets its random `browser_id` (HttpOnly, SameSite=Lax, Path=/api, a year; `__Secure-browser_id` on https) for the vote rules, set again on each sign-in (a copy kept to /api/auth is cleared) */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description An email or password that breaks the rules (the message says which): too short or long, spaces only ("A password cannot be made of spaces only."), or too common ("This password is too common. Choose one that is harder to guess."); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No free anonymous username could be found (rare; trying again works) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many sign-ups from this address this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description Starts the user session: `sid=…; HttpOnly; SameSite=Lax; Path=/` (`__Host-sid=…; Secure` when PUBLIC_URL is https); a browser without one also gets its random `browser_id` (HttpOnly, SameSite=Lax, Path=/api, a year; `__Secure-browser_id` on https) for the vote rules, set again on each sign-in (a copy kept to /api/auth is cleared) */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description The email or password is missing or malformed; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Wrong email or password */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many failed sign-ins for this account or address; even the right password waits */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Clears `sid` */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_me: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_session: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description Nobody is signed in in this browser */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  Auth_verifyEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['VerifyEmailDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description Set when a password was chosen: this browser is signed in to the account */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description The link is unknown or expired, or the chosen password breaks the rules; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in to the account here and no password chosen: "Choose a password to finish verifying your email" */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Another account is signed in in this browser; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The link's account is verified already (a used link, or an older one): "Your email is already verified." Also for a link past its time opened where the verified account is signed in */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many verifications with a chosen password from this address this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_resendVerification: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailOnlyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageResponse'];
        };
      };
      /** @description Not an email address; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many email requests from this address */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_forgotPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailOnlyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageResponse'];
        };
      };
      /** @description Not an email address; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many email requests from this address */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Auth_emailPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailPreferencesDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description A preference that is not true or false; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many profile changes from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Password_resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResetPasswordDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description The link is unknown, used or expired, or the password breaks the rules (too short or long, spaces only, or too common); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many password resets from this address this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Password_updatePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdatePasswordDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description The current password is wrong, or the new one breaks the rules (too short or long, spaces only, or too common); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many wrong current passwords */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  User_currentProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Privacy_erase: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EraseAccountDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description No password given; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The password is incorrect; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many wrong passwords */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  User_sessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionResponse'][];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  User_endAllSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Clears `sid` */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  User_endSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No session of this account has that id */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  User_updateProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateProfileDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
      /** @description A field that breaks the profile rules (the message says which); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The display name is taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many profile changes from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  User_uploadPicture: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description A JPEG, PNG, WebP or AVIF image of at most 10 MB
           */
          picture: string;
        };
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProfilePictureResponse'];
        };
      };
      /** @description No picture, or not an image */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The image is over 10 MB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The content check refused the picture */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Upload allowance of this address used up for this hour, or too many profile changes from this account */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The content check is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  User_publicProfile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicProfileResponse'];
        };
      };
      /** @description No such user */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminAuth_login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdminLoginDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description Starts the admin session (`admin_sid=…; HttpOnly; SameSite=Lax; Path=/api/rtm-sys`) and remembers this browser for the admin (`known_browser`, kept to this route: a random secret per browser and admin, forgotten when the admin gets a new password or is disabled): a remembered browser is let through the admin’s failed-sign-in limits; and marks the browser as one that may be sent to the sign-in page by `/api/rtm-sys/entry` (`admin_entry`, HttpOnly, SameSite=Strict, kept to that route, 400 days) */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminResponse'];
        };
      };
      /** @description The username or password is missing or malformed; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Wrong username or password */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many failed sign-ins for this admin or address (a browser that signed in to this admin before passes the admin’s limits) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminAuth_me: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminResponse'];
        };
      };
      /** @description No admin session (a user session does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminAuth_logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description Clears `admin_sid` */
          'Set-Cookie'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminEntry_entry: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Redirect to the admin sign-in page; no body, never cached */
      302: {
        headers: {
          /** @description The admin sign-in page */
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The browser has not signed in as an admin before */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_dashboard: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DashboardCountsResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_statistics: {
    parameters: {
      query?: {
        /** @description First UTC day (default: 27 days before `to`) */
        from?: string;
        /** @description Last UTC day (default: today) */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StatisticsResponse'];
        };
      };
      /** @description Bad dates, or more than 366 days */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_boosts: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        status?: 'all' | 'unclaimed' | 'active' | 'expired' | 'withdrawn' | 'refunded';
        /** @description Only this buyer’s boosts */
        userId?: string;
        /** @description Only boosts applied to this post */
        postId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminBoostPage'];
        };
      };
      /** @description A filter or page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_boostReceipt: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReceiptResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Boost not found, or: No receipt is available for this boost */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_payments: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        /** @description Only this kind of fact */
        kind?: 'purchase' | 'donation' | 'refund' | 'dispute';
        /** @description Only this buyer’s or donor’s payments */
        userId?: string;
        /** @description Only disputes in this state */
        disputeStatus?: 'open' | 'suspended' | 'kept' | 'lifted';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPaymentPage'];
        };
      };
      /** @description A filter or page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_resolveDispute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        disputeId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ResolveDisputeDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPaymentResponse'];
        };
      };
      /** @description liftSuspension missing, or no reason; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Dispute not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Already resolved, or the dispute suspended no account */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_posts: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        filter?: 'all' | 'pending' | 'hidden' | 'reported' | 'removed';
        /** @description Only this author’s posts */
        authorId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPostPage'];
        };
      };
      /** @description A filter or page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_post: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPostResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_removePost: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReasonDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPostResponse'];
        };
      };
      /** @description No reason; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_patchPost: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PatchPostDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminPostResponse'];
        };
      };
      /** @description Neither or both of isModerated and isPublic, or isModerated false; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Already approved */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_heldPosts: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HeldPostPage'];
        };
      };
      /** @description A page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_image: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        folder: string;
        file: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The image (WebP) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/webp': string;
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No such image */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_comments: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        /** @description Case-insensitive search in the text */
        search?: string;
        postId?: string;
        authorId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminCommentPage'];
        };
      };
      /** @description A filter or page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_removeComment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReasonDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description No reason; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Comment not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_reports: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        status?: 'all' | 'pending' | 'reviewed' | 'dismissed';
        postId?: string;
        /** @description Reports against this author’s posts */
        authorId?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminReportPage'];
        };
      };
      /** @description A filter or page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_patchReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PatchReportDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminReportResponse'];
        };
      };
      /** @description status is not reviewed or dismissed; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Report not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description This report has already been reviewed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_users: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        /** @description Search by email or name */
        search?: string;
        status?: 'all' | 'active' | 'suspended' | 'banned' | 'admins';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserPage'];
        };
      };
      /** @description A filter or page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_userReports: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminReportPage'];
        };
      };
      /** @description A page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_patchUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PatchUserDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserResponse'];
        };
      };
      /** @description isAdmin is not a boolean; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_suspend: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReasonDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserResponse'];
        };
      };
      /** @description No reason; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Already suspended or banned */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_ban: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReasonDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserResponse'];
        };
      };
      /** @description No reason; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Already banned */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_lift: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OptionalReasonDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserResponse'];
        };
      };
      /** @description The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Neither suspended nor banned */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_clearProfile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ClearProfileFieldsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserResponse'];
        };
      };
      /** @description No reason, or an unknown field; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_userStrikes: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserStrikesResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_liftPostingSuspension: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReasonDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserStrikesResponse'];
        };
      };
      /** @description No reason, or one over 500 characters; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The account is not suspended from posting */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_audit: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
        /** @description Actor id (an admin’s id, `auto-hide`, a Stripe event id) */
        actor?: string;
        /** @description Event type, e.g. `UserBanned` */
        kind?: string;
        /** @description Target id (post, comment, report, user, admin, boost) */
        target?: string;
        /** @description From this UTC day */
        from?: string;
        /** @description Up to and including this UTC day */
        to?: string;
        format?: 'json' | 'csv';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description JSON; with `format=csv`, `text/csv` with a header row instead */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditPage'];
        };
      };
      /** @description A filter or page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminAccounts_admins: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminAccountPage'];
        };
      };
      /** @description A page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminAccounts_createAdmin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAdminDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IdResponse'];
        };
      };
      /** @description Bad username or password; Your current password is missing or incorrect (it counts as a failed sign-in); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Username taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many failed sign-ins or wrong current passwords for this admin or address */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminAccounts_disableAdmin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DisableAdminDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Your current password is missing or incorrect (it counts as a failed sign-in); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description You cannot disable your own admin account, or yours was disabled meanwhile; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Admin not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The last active admin, or already disabled */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many failed sign-ins or wrong current passwords for this admin or address */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  AdminAccounts_resetAdminPassword: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AdminPasswordDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SuccessResponse'];
        };
      };
      /** @description Password of 12 to 256 characters; Your current password is missing or incorrect (it counts as a failed sign-in); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session, or one’s own password was changed meanwhile */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Admin not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many failed sign-ins or wrong current passwords for this admin or address */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_clusters: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminClusterPage'];
        };
      };
      /** @description A page is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_cluster: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminClusterDetailResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cluster not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_clearCluster: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReasonDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClearClusterResponse'];
        };
      };
      /** @description No reason, or one too long; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cluster not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Admin_postHeldVotes: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HeldVotesResponse'];
        };
      };
      /** @description No admin session (a user session, even with isAdmin, does not count) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Upload_upload: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /**
           * Format: binary
           * @description A JPEG, PNG, WebP or AVIF photo of feet, at most 10 MB
           */
          image: string;
        };
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RatingResultResponse'];
        };
      };
      /** @description No image, or not an image */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The image is over 10 MB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Refused: no picture in it, too small, a re-post, or the content check refused it (a face or person, nudity, no feet) */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Upload allowance of this address used up for this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The rater is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Privacy_export: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A file (`Content-Disposition: attachment; filename="solescore-export.json"`): the account, its preferences, open sessions, history without secrets, posts, comments, likes, ratings given, reports, boosts and payments */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Downloaded too often this hour (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_boostCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BoostCheckoutDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutUrlResponse'];
        };
      };
      /** @description boostType is not regular or mega; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in ("Account required to boost posts") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The email is not verified yet, or boost purchases are suspended by a payment dispute; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many checkouts from this account or address this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The payment provider is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_postBoost: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description null when no boost runs */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostBoostResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_postBoostCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BoostCheckoutDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostCheckoutUrlResponse'];
        };
      };
      /** @description boostType is not regular or mega; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in ("Account required to boost posts") */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not the owner of the post, the email is not verified, or purchases are suspended; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The post has an active boost, or is not on the leaderboard (hidden or held) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many checkouts from this account or address this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The payment provider is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_donationCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DonationCheckoutDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutUrlResponse'];
        };
      };
      /** @description Please enter an amount between $1 and $1,000; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many checkouts from this address this hour */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The payment provider is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_unclaimed: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UnclaimedBoostsResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_purchases: {
    parameters: {
      query?: {
        page?: number;
        pageSize?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PurchasesPageResponse'];
        };
      };
      /** @description page or pageSize is malformed */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_applyBoost: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AppliedBoostResponse'];
        };
      };
      /** @description Not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Not the owner of the post, or the email is not verified; or: Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Post not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The post has an active boost or is not on the leaderboard, or there is no unused boost */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many boost requests from this account or address (Retry-After says when to try again) */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_confirm: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ConfirmCheckoutDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CheckoutConfirmationResponse'];
        };
      };
      /** @description No valid session id; or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Checkout session not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Too many payment checks from this address (or account), each a question to the provider */
      429: {
        headers: {
          /** @description Seconds until the limit lets this client try again */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The payment provider is unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  Payments_webhook: {
    parameters: {
      query?: never;
      header: {
        'Stripe-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookReceivedResponse'];
        };
      };
      /** @description Invalid webhook signature (nothing is recorded); or: The request body is not valid JSON */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description Cross-site request refused (a browser request from another site) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
      /** @description The request body is over 64 KB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponse'];
        };
      };
    };
  };
  OpenApi_document: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI 3 document */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': Record<string, never>;
        };
      };
    };
  };
}
