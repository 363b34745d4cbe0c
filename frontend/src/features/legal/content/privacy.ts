import type { LegalSection } from './types';

export const PRIVACY_LAST_UPDATED = '6 October 2025';

export const privacySections: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    blocks: [
      {
        kind: 'paragraph',
        text: 'This Privacy Policy explains how SoleScore (we, us or our) collects, uses, shares, stores and protects personal information when you use the SoleScore website and web app (the Service). It should be read together with our Terms of Service.',
      },
      {
        kind: 'paragraph',
        text: 'SoleScore is an entertainment service for adults aged 18 and over. You upload a photo of your own feet, receive an AI rating and can choose to publish it to a public leaderboard. We try to collect only what we need to run the Service, and we aim to handle personal information in line with the Australian Privacy Principles.',
      },
      {
        kind: 'paragraph',
        text: 'By using the Service, you acknowledge that your information will be handled as described in this policy. This policy was last updated on 6 October 2025.',
      },
    ],
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Information you give us or create when using the Service:',
      },
      {
        kind: 'list',
        items: [
          'Email address: used when you register, verify your account, sign in, reset your password and pay for a boost or donation.',
          'Profile details: the anonymous username we generate for you, and any display name, bio, profile picture and social links you choose to add.',
          'Uploaded photos, together with their upload timestamp, file name and moderation score.',
          "Ratings: the AI rating, category scores and comment for each photo, and the ratings you give to other users' posts.",
          'Comments, replies and likes you make, and reports you submit about posts.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Information we receive or collect automatically:',
      },
      {
        kind: 'list',
        items: [
          'Boost transactions: the amount, your email address and the payment ID, received from Stripe when you pay.',
          'Session data: your browser type, device, country and IP address.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'What we do not keep: photos are stripped of EXIF and GPS metadata and re-encoded when you upload them, so location, camera and similar details embedded in the original file are not stored. We never receive or store your card details, which are handled by Stripe. We do not use advertising or tracking cookies.',
      },
    ],
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We use your information to:',
      },
      {
        kind: 'list',
        items: [
          'generate your AI rating, category scores and comment, and check that uploaded photos follow our content rules;',
          'publish posts you choose to share on the all-time and weekly leaderboards, reset weekly boards and award badges;',
          'create and manage your account, verify your email address, keep you signed in and reset your password;',
          'enable likes, comments, replies, ratings, reports and sharing;',
          'process payments, apply boosts, handle refund requests and deal with chargebacks and payment disputes;',
          'moderate content and review reports, including using a perceptual fingerprint of each photo to detect re-posts of the same photo by another account;',
          'detect and prevent fraud, spam, abuse and the use of multiple accounts to manipulate ratings;',
          'send verification, password reset and notification emails;',
          'keep the Service secure, fix problems and comply with our legal obligations.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Uploaded photos are sent to our AI vision provider, OpenAI, to produce your rating and to check them against our content rules. Only the photo is sent; your email address and other account details are not. AI ratings are for entertainment only and are not medical advice.',
      },
      {
        kind: 'paragraph',
        text: 'We do not sell your personal information, we do not show advertising, and we do not use your information to build advertising profiles. We do not use your photos to identify you.',
      },
    ],
  },
  {
    id: 'sharing',
    title: 'Sharing Your Information',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We share personal information only with the service providers that help us run SoleScore, and only the information each of them needs for the purpose listed below.',
      },
      {
        kind: 'table',
        caption: 'Third parties we share information with',
        columns: ['Party', 'Purpose', 'Data shared'],
        rows: [
          [
            'Stripe',
            'Payment processing for boosts and donations through its hosted checkout',
            'Email address, payment amount and payment ID. Card details are entered directly with Stripe and are never stored by us.',
          ],
          [
            'OpenAI',
            'AI rating and content check of uploaded photos',
            'The uploaded photo only, with metadata removed. No account data is shared.',
          ],
          [
            'Email delivery provider',
            'Sending verification, password reset and notification emails',
            'Your email address and the content of the message',
          ],
          [
            'Hosting and infrastructure provider',
            'Hosting the app and its databases',
            'All stored data, processed under contract on our behalf',
          ],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Public information. When you publish a post, your photo, scores, AI comment and username or display name are visible to anyone, including people without an account, and can be shared by other users. Your profile details, comments, replies and likes are also public.',
      },
      {
        kind: 'paragraph',
        text: 'Legal requirements. We may disclose information to law enforcement or other authorities when we are legally required to do so, for example in response to a valid court order or other legal process.',
      },
      {
        kind: 'paragraph',
        text: 'We do not sell, rent or trade your personal information to anyone.',
      },
    ],
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We keep personal information only for as long as we need it for the purposes in this policy. Your account information, profile details, photos, ratings, comments and likes are kept while your account is active, or until you or we delete them.',
      },
      {
        kind: 'paragraph',
        text: 'Weekly leaderboards reset every Monday at 00:00 UTC, but all-time leaderboard data stays archived. This means published posts and their ratings remain in the all-time archive unless they are removed by you, at your request, or by us.',
      },
      {
        kind: 'paragraph',
        text: 'We keep boost transaction records for as long as we need them for accounting, tax, refund and dispute purposes. We keep moderation records, including the admin audit trail and photo fingerprints, for as long as they are needed to enforce our rules, prevent re-posts and abuse, and account for admin actions. Session data is kept only as long as needed to run and secure the Service.',
      },
      {
        kind: 'paragraph',
        text: "When data is deleted, copies may remain in backups for a limited time before being overwritten. A pending rating held in your browser's session storage is cleared when you close the tab.",
      },
    ],
  },
  {
    id: 'security',
    title: 'Security',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We use reasonable technical and organisational measures to protect your information from misuse, loss and unauthorised access. These include:',
      },
      {
        kind: 'list',
        items: [
          'sign-in sessions held in an HttpOnly cookie that cannot be read by scripts running on the page;',
          'a separate admin session, strict access control for admin tools, and an audit trail recording every admin action;',
          'removing EXIF and GPS metadata from photos and re-encoding them on upload;',
          "payments handled entirely on Stripe's hosted checkout, so your card details never reach our systems.",
        ],
      },
      {
        kind: 'paragraph',
        text: 'Access to personal information inside SoleScore is limited to the people who need it to run, support and moderate the Service.',
      },
      {
        kind: 'paragraph',
        text: 'No system is completely secure, so please keep your sign-in details private and tell us straight away at support@solescore.app if you suspect unauthorised access to your account. If a data breach is likely to cause you serious harm, we will notify you and the relevant authorities as required by law.',
      },
    ],
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Depending on where you live, and subject to the law, you can ask us to:',
      },
      {
        kind: 'list',
        items: [
          'give you access to the personal information we hold about you;',
          'correct information that is inaccurate, out of date or incomplete;',
          'delete your account, your photos or other personal information;',
          'stop using your information for a particular purpose, or withdraw consent you have given;',
          'stop sending you non-essential emails.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'You can update your optional profile details, such as your display name, bio, profile picture and social links, from your account. Under Your Data in your account settings you can also download a copy of the information we hold about your account, and delete your account yourself. For other requests, email support@solescore.app from the email address linked to your account. We may need to confirm your identity before acting on a request, and some information may need to be kept for legal, accounting or dispute reasons. Unsubscribe requests are processed within 5 business days.',
      },
      {
        kind: 'paragraph',
        text: 'If you are not satisfied with how we handle your request, you can complain to the Office of the Australian Information Commissioner (OAIC) or to the data protection authority in your country.',
      },
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies and Local Storage',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We use a small number of cookies and browser storage items that are needed for the Service to work. We do not use advertising or tracking cookies.',
      },
      {
        kind: 'table',
        caption: 'Cookies and browser storage we use',
        columns: ['Name', 'Type', 'Purpose'],
        rows: [
          ['Session cookie', 'Cookie (HttpOnly)', 'Keeps you signed in to your account'],
          [
            'browser_id',
            'Cookie (HttpOnly)',
            'A random id for this browser, sent only when you sign up or sign in, so that votes between accounts sharing a browser do not count on each other’s posts; kept for one year',
          ],
          [
            'Admin session cookie',
            'Cookie',
            'Keeps authorised admins signed in to the admin tools, separately from user sessions',
          ],
          ['ageVerified', 'Local storage', 'Remembers that you confirmed you are 18 or older'],
          ['theme', 'Local storage', 'Remembers your theme preference'],
          [
            'Pending rating',
            'Session storage',
            'Temporarily holds a pending rating in your browser until it is saved or you close the tab',
          ],
        ],
      },
      {
        kind: 'paragraph',
        text: 'You can clear cookies and browser storage at any time in your browser settings. If you block or delete the session cookie, you will be signed out and will not be able to use features that need an account. If you clear the ageVerified item, you will be asked to confirm your age again.',
      },
    ],
  },
  {
    id: 'age-requirement',
    title: 'Age Requirement',
    blocks: [
      {
        kind: 'paragraph',
        text: "The Service is only for people aged 18 or over. When you first visit, we ask you to confirm your age, and your confirmation is stored in your browser's local storage under the key ageVerified.",
      },
      {
        kind: 'paragraph',
        text: 'We do not knowingly collect personal information from anyone under 18. If we learn that someone under 18 has used the Service, we will delete their account, photos and other content. If you believe a minor is using SoleScore, please tell us at support@solescore.app.',
      },
    ],
  },
  {
    id: 'content-policy',
    title: 'Content Policy',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Because published photos are public, our content rules also protect privacy. Photos must show feet only: no faces, no other people, no identifiable features, no nudity and no explicit or violent content. Photos must be of your own feet, or used with permission from the person they belong to.',
      },
      {
        kind: 'paragraph',
        text: 'Every uploaded photo is checked by our AI provider against these rules, and photos that fail may be rejected with a warning. Photos are stripped of EXIF and GPS metadata and re-encoded, and we keep a perceptual fingerprint of each photo to detect re-posts of the same photo by another account.',
      },
      {
        kind: 'paragraph',
        text: 'Please do not include personal information about yourself or anyone else in photos, comments, bios or display names. Remember that published posts can be shared and remain in the all-time archive. If someone has posted a photo of your feet without your permission, or content that reveals your personal information, report it or contact us at support@solescore.app and we will review it.',
      },
    ],
  },
  {
    id: 'international-transfers',
    title: 'International Transfers',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Some of our service providers, including Stripe, OpenAI, our email delivery provider and our hosting and infrastructure provider, may store or process your information outside the country where you live, including in the United States.',
      },
      {
        kind: 'paragraph',
        text: 'Privacy laws in those countries may differ from the laws where you live. We take reasonable steps to make sure these providers protect your information, including by using providers that are bound by contract or by their own published privacy commitments, and by sharing only the information each provider needs.',
      },
      {
        kind: 'paragraph',
        text: 'If you have questions about where your information is processed, contact us at support@solescore.app.',
      },
    ],
  },
  {
    id: 'anti-spam',
    title: 'Anti-Spam',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We send emails that are needed to run your account, such as verification and password reset emails, and notification emails about activity related to your account. Any commercial email we send will identify SoleScore and include a way to unsubscribe, in line with the Spam Act 2003 (Cth).',
      },
      {
        kind: 'paragraph',
        text: 'You can unsubscribe from non-essential emails using the unsubscribe link in the email or by emailing support@solescore.app. Unsubscribe requests are processed within 5 business days. We will still send emails that are essential to your account, such as verification and password reset emails.',
      },
      {
        kind: 'paragraph',
        text: 'We never sell or share your email address with others for their marketing.',
      },
    ],
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We may update this Privacy Policy from time to time, for example when we change the Service, our service providers or the way we handle information, or when the law changes. When we do, we will update the last updated date at the top of this page.',
      },
      {
        kind: 'paragraph',
        text: 'For significant changes, we will give reasonable notice, such as a notice on the Service or an email to registered users. If you keep using the Service after an updated policy takes effect, the updated policy applies to you.',
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    blocks: [
      {
        kind: 'paragraph',
        text: 'If you have a question about this Privacy Policy, want to make a privacy request or want to make a complaint about how we have handled your information, email us at support@solescore.app.',
      },
      {
        kind: 'paragraph',
        text: 'We will acknowledge your message and respond within a reasonable time. If you are not satisfied with our response, you can contact the Office of the Australian Information Commissioner at www.oaic.gov.au or the data protection authority in your country.',
      },
    ],
  },
];
