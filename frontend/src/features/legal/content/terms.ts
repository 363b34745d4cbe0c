import type { LegalSection } from './types';

export const TERMS_LAST_UPDATED = '6 October 2025';
export const TERMS_EFFECTIVE = '1 October 2025';

export const termsSections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    blocks: [
      {
        kind: 'paragraph',
        text: 'These Terms of Service (the Terms) are an agreement between you and SoleScore (we, us or our). They govern your access to and use of the SoleScore website and web app, including the AI foot rating feature, the public leaderboards, boosts, donations and the community features (together, the Service).',
      },
      {
        kind: 'paragraph',
        text: 'By accessing or using the Service, with or without an account, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the Service.',
      },
      {
        kind: 'paragraph',
        text: 'These Terms take effect on 1 October 2025 and were last updated on 6 October 2025. The version published on the Service is the current version and replaces any earlier version.',
      },
    ],
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    blocks: [
      {
        kind: 'paragraph',
        text: 'You must be at least 18 years old to use the Service. By using it, you confirm that you are 18 or older and that you are legally able to enter into a binding agreement.',
      },
      {
        kind: 'paragraph',
        text: 'When you first visit, we ask you to confirm your age. We rely on that confirmation. If we learn or reasonably suspect that someone under 18 is using the Service, we will remove their content and close any account they hold.',
      },
      {
        kind: 'paragraph',
        text: 'You may not use the Service if we have previously banned you, or if using it would break any law that applies to you.',
      },
    ],
  },
  {
    id: 'purpose',
    title: 'Purpose of the Service',
    blocks: [
      {
        kind: 'paragraph',
        text: 'SoleScore is an entertainment service. You upload a photo of your own feet and receive an AI-generated rating out of 10, four category scores (toe alignment, toe nails, foot shape and aesthetic) and a short AI comment. If you wish, you can publish the result to the public leaderboard so other people can see, like, comment on and rate it.',
      },
      {
        kind: 'paragraph',
        text: 'SoleScore is not an adult, dating or fetish service. You must not use it to seek, offer, sell or trade sexual content, to arrange meetings, to solicit photos or contact from other users, or for any sexualised purpose. Content or behaviour of this kind will be removed and may lead to a permanent ban.',
      },
      {
        kind: 'paragraph',
        text: 'Ratings, scores and comments produced by the Service are for fun only. They are not medical, podiatric or health advice and are not an objective judgment about you or your body. If you have any concern about the health of your feet, please speak to a qualified health professional.',
      },
    ],
  },
  {
    id: 'accounts',
    title: 'Accounts',
    blocks: [
      {
        kind: 'paragraph',
        text: "You can upload a photo and get a rating as a visitor, without an account. Some features require a registered account, including liking, commenting and replying, rating other users' posts, reporting posts and sharing posts.",
      },
      {
        kind: 'paragraph',
        text: 'To register, you give us your email address and confirm it by clicking the verification link we send you. We automatically generate an anonymous username for your account. You may also choose to add a display name, bio, profile picture and social links. Anything you add to your profile is public and must follow the Content Rules in section 5.',
      },
      {
        kind: 'paragraph',
        text: 'When you hold an account, you agree that you will:',
      },
      {
        kind: 'list',
        items: [
          'use an email address that belongs to you and that you can access;',
          'keep your sign-in details private and not share, sell or transfer your account to anyone else;',
          'not create or use multiple accounts to manipulate ratings, likes, comments or leaderboard positions, or to get around a warning, suspension or ban;',
          'not impersonate any other person, brand or organisation, or suggest a connection with them that does not exist, including through your display name, bio, profile picture or social links.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'You are responsible for everything that happens under your account. If you think someone has accessed your account without permission, tell us straight away at support@solescore.app.',
      },
    ],
  },
  {
    id: 'content-rules',
    title: 'Content Rules',
    blocks: [
      {
        kind: 'paragraph',
        text: 'You are responsible for every photo, comment, reply, profile detail and other material you submit to the Service (your content). Every photo you upload must:',
      },
      {
        kind: 'list',
        items: [
          'show feet only, with no faces, no other people and no identifiable features such as tattoos of names, documents, addresses, number plates or recognisable places;',
          'contain no nudity and no sexual, sexually suggestive or otherwise explicit content;',
          'contain no violent, graphic or disturbing content;',
          'be a photo of your own feet, or of feet you have clear permission to upload from the person they belong to and from whoever took the photo;',
          "not infringe anyone's copyright, privacy or other rights, and not be copied from elsewhere without permission;",
          'not be used to advertise, promote or direct people to any other product, service or website.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Comments, replies, bios, display names and social links must not be abusive, harassing, hateful, discriminatory, threatening, sexual, misleading or spam, and must not reveal personal information about anyone.',
      },
      {
        kind: 'paragraph',
        text: 'Every uploaded photo is checked automatically against these rules by our AI provider before it is rated. Photos that fail may be rejected with a warning. Repeated or severe violations can lead to a permanent ban. A photo that passes the automatic check may still be removed later if we find that it breaks these Terms.',
      },
      {
        kind: 'paragraph',
        text: 'You may re-upload the same photo to get a new rating. We keep a perceptual fingerprint of each photo so we can detect when the same photo is posted by another account. Posting a photo that someone else has already uploaded, without their permission, breaks these rules.',
      },
    ],
  },
  {
    id: 'ratings-comments',
    title: 'Ratings and Comments',
    blocks: [
      {
        kind: 'paragraph',
        text: 'AI ratings. Each photo you upload receives an overall rating out of 10, four category scores and a short comment, all generated automatically by a third-party AI vision provider. AI output can be inaccurate, inconsistent or unexpected, and we do not guarantee any particular score. You are welcome to re-upload the same photo for a new rating.',
      },
      {
        kind: 'paragraph',
        text: "Community ratings. Registered users can rate other users' published posts on a 0 to 10 scale. Please rate honestly, based on the photo. Once a rating is submitted it cannot be edited, so check it before you submit. Using multiple accounts, coordinating with others or using automated tools to push a post's ratings up or down is forbidden.",
      },
      {
        kind: 'paragraph',
        text: 'Comments and replies. Registered users can comment on posts and reply to comments. Each comment or reply is limited to 500 characters and may be filtered automatically. Comments that break these Terms may be blocked, hidden or removed.',
      },
      {
        kind: 'paragraph',
        text: 'Your likes, comments, replies and ratings are public and are shown with your username or display name. We may remove any rating, like or comment that we reasonably believe was made in breach of these Terms, and adjust scores and leaderboard positions to reflect that removal.',
      },
    ],
  },
  {
    id: 'leaderboard-boosts',
    title: 'Leaderboard, Boosts and Donations',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Publishing. When you publish a result, your photo, scores, AI comment and username or display name become visible to anyone on the public leaderboard and can be shared by other users. Only publish photos you are comfortable being public. You can ask us to remove a published post at any time by contacting us.',
      },
      {
        kind: 'paragraph',
        text: 'Leaderboards. The Service has an all-time leaderboard and a weekly leaderboard. Weekly leaderboards reset every Monday at 00:00 UTC. All-time leaderboard data stays archived. Posts that reach the top ranks of a weekly leaderboard receive badges. Competition ranks on the weekly leaderboard are earned through ratings and cannot be bought.',
      },
      {
        kind: 'paragraph',
        text: 'Boosts. You can pay to boost one of your published posts, which gives it featured placement on the general leaderboard. Two boosts are available:',
      },
      {
        kind: 'list',
        items: [
          'Regular boost: featured placement for 24 hours, for $1.99 USD.',
          'Mega boost: featured placement for 7 days, for $9.99 USD. Mega boosted posts are ranked above regular boosted posts.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'A boost starts immediately after your payment is confirmed and runs continuously for its full duration. Once active, a boost cannot be paused, cancelled or refunded. Boosts give featured placement on the general leaderboard only; they do not change your AI rating, your category scores, your weekly competition rank or any badge. Boosted posts must still follow the Content Rules, and if a boosted post is removed for breaking them the boost ends without a refund. Donations are covered separately in section 8. Prices and durations may change; the price shown at checkout is the price you pay.',
      },
    ],
  },
  {
    id: 'donations',
    title: 'Donations',
    blocks: [
      {
        kind: 'paragraph',
        text: 'If you enjoy SoleScore, you can support it with a one-time voluntary donation. You can choose a preset amount from $5 to $100 or enter a custom amount from $1 to $1,000. The amount is confirmed on the checkout page before you pay. Donations are single payments and do not repeat.',
      },
      {
        kind: 'paragraph',
        text: 'A donation is a gift. It does not affect ratings or rankings, does not give you any upload allowance, leaderboard placement, badge or boost, and does not entitle you to any other feature or benefit.',
      },
      {
        kind: 'paragraph',
        text: 'Donations are non-refundable. If you made a donation by mistake, contact us within the refund request window described in section 10. Any refund of a donation is at our goodwill discretion and is not guaranteed.',
      },
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Our content. The Service, including its software, design, text, graphics, badges, logos and the SoleScore name, belongs to us or our licensors. You may use the Service for your own personal, non-commercial entertainment. You must not copy, modify, scrape, reverse engineer, resell or commercially exploit any part of the Service, except where the law allows it or we give you written permission.',
      },
      {
        kind: 'paragraph',
        text: 'Your content. You keep ownership of the photos and other content you submit. By submitting content, you give us a worldwide, non-exclusive, royalty-free licence to host, store, copy, process, re-encode, display and share it as needed to operate and provide the Service. This includes sending photos to our AI provider for rating and content checks, showing published posts on the leaderboards and archives, and letting other users share them.',
      },
      {
        kind: 'paragraph',
        text: 'This licence ends when your content is deleted from the Service, except for copies we must keep for legal, safety or dispute reasons, or copies that remain for a limited time in backups, as described in our Privacy Policy.',
      },
      {
        kind: 'paragraph',
        text: "You promise that you own your content or have every permission needed to submit it, and that our use of it under these Terms will not infringe anyone's rights. If you believe content on the Service infringes your rights, email support@solescore.app with details of the content and your claim, and we will review it.",
      },
    ],
  },
  {
    id: 'payments-refunds',
    title: 'Payments and Refunds',
    blocks: [
      {
        kind: 'paragraph',
        text: "All payments for boosts and donations are processed by Stripe through its hosted checkout page. You enter your card details directly with Stripe, and SoleScore never stores them. Stripe's own terms and privacy policy also apply to your payment. We receive confirmation of the payment, including the amount, your email address and the payment ID.",
      },
      {
        kind: 'paragraph',
        text: 'Prices are shown before you pay. Prices and durations may change from time to time, but a change will not affect a purchase that has already been confirmed. Your bank or card issuer may charge its own fees, such as currency conversion fees, and these are your responsibility.',
      },
      {
        kind: 'paragraph',
        text: 'Refund requests. You may request a refund within 7 days from the date of payment by emailing support@solescore.app with the payment ID and the reason for your request. We review refund requests within 5 to 10 business days and will let you know the outcome by email. Because a boost starts as soon as payment is confirmed and cannot be refunded once active, refunds for boosts are usually limited to cases such as a duplicate charge or a boost that was paid for but never started. Donations are non-refundable except at our goodwill discretion.',
      },
      {
        kind: 'paragraph',
        text: 'Chargebacks and disputes. Please contact us before disputing a charge with your bank, as we can usually resolve problems faster directly. If a chargeback or payment dispute is raised, we may suspend the related account while the dispute is open.',
      },
      {
        kind: 'paragraph',
        text: 'Nothing in these Terms excludes, restricts or modifies any right or remedy you have under the Australian Consumer Law or any other law that cannot lawfully be excluded.',
      },
    ],
  },
  {
    id: 'moderation',
    title: 'Moderation',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We use a mix of automated checks and human review to keep the Service safe. Every uploaded photo is checked by our AI provider against the Content Rules, comments may be filtered automatically, and registered users can report posts they believe break these Terms.',
      },
      {
        kind: 'paragraph',
        text: 'Our admins review reports and moderate posts and comments. Depending on the situation, they may reject or remove uploads and comments, issue warnings, suspend accounts or permanently ban users. Admin access is under strict access control, and every admin action is recorded in an audit trail.',
      },
      {
        kind: 'paragraph',
        text: 'Please use reporting honestly. Deliberately false, repeated or abusive reports are themselves a breach of these Terms.',
      },
      {
        kind: 'paragraph',
        text: 'We are not required to review all content before or after it appears, and we do not endorse content posted by users. Moderation decisions are made at our reasonable discretion. If you believe we have made a mistake, contact support@solescore.app and we will take another look.',
      },
    ],
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    blocks: [
      {
        kind: 'paragraph',
        text: 'The Service is provided on an as is and as available basis. To the extent permitted by law, we make no promises or warranties about the Service beyond those set out in these Terms.',
      },
      {
        kind: 'paragraph',
        text: 'AI ratings, scores and comments are for entertainment only and are not medical advice. They may be inaccurate, inconsistent or unexpected, and they reflect the output of an automated system, not the views of SoleScore.',
      },
      {
        kind: 'paragraph',
        text: 'We do not guarantee that the Service will always be available, uninterrupted or error free, or that any feature will continue to be offered. A boost gives featured placement for its stated duration, but we do not guarantee any number of views, likes, comments or ratings.',
      },
      {
        kind: 'paragraph',
        text: 'Content posted by other users is their responsibility, not ours. Links to other websites, including social links in user profiles, are provided for convenience, and we are not responsible for those websites.',
      },
    ],
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    blocks: [
      {
        kind: 'paragraph',
        text: 'To the maximum extent permitted by law, we are not liable for any indirect, incidental, special or consequential loss, or for any loss of data, profit, reputation or goodwill, or for any distress caused by a rating, score, comment or other content on the Service.',
      },
      {
        kind: 'paragraph',
        text: 'To the maximum extent permitted by law, our total liability to you for any claim relating to the Service is limited to the amount you paid us, if any, for the boost or donation that the claim relates to.',
      },
      {
        kind: 'paragraph',
        text: 'Where the Australian Consumer Law applies and our liability for failing to comply with a consumer guarantee can be limited, our liability is limited to supplying the services again or paying the cost of having them supplied again.',
      },
      {
        kind: 'paragraph',
        text: 'We are not responsible for the acts or omissions of other users, or for services provided by third parties such as Stripe or our AI provider, except to the extent the law requires otherwise.',
      },
    ],
  },
  {
    id: 'termination',
    title: 'Termination',
    blocks: [
      {
        kind: 'paragraph',
        text: 'You can stop using the Service at any time. To close your account and ask us to delete your data, email support@solescore.app from the email address linked to your account.',
      },
      {
        kind: 'paragraph',
        text: 'We may suspend or terminate your access, remove your content or permanently ban you if you break these Terms, including for repeated or severe content violations, using multiple accounts to manipulate ratings, impersonation, fraud or abuse of the Service. We may also suspend an account while a chargeback or payment dispute is open, or where we are required to act by law.',
      },
      {
        kind: 'paragraph',
        text: 'If your account is terminated, your right to use the Service ends, any active boost ends without a refund, and your published content may be removed. We may keep some records where we need them for legal, accounting, safety or dispute purposes, as described in our Privacy Policy.',
      },
      {
        kind: 'paragraph',
        text: 'Sections of these Terms that by their nature should continue after termination, including Intellectual Property, Disclaimers, Limitation of Liability, Indemnification and Governing Law, continue to apply.',
      },
    ],
  },
  {
    id: 'privacy-anti-spam',
    title: 'Privacy and Anti-Spam',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Our Privacy Policy explains what personal information we collect, how we use and share it, and your rights. To protect your privacy, photos are stripped of EXIF and GPS metadata and re-encoded when you upload them.',
      },
      {
        kind: 'paragraph',
        text: 'We send emails needed to run your account, such as verification and password reset emails, and notification emails about activity related to your account. Any commercial email we send will identify us and include a way to unsubscribe, in line with the Spam Act 2003 (Cth). You can unsubscribe from non-essential emails using the unsubscribe link or by emailing support@solescore.app. Unsubscribe requests are processed within 5 business days. Emails that are essential to your account, such as verification and password reset emails, are still sent.',
      },
      {
        kind: 'paragraph',
        text: 'You must not use the Service to send spam. This includes posting unsolicited advertising or promotional messages in comments, replies, bios or social links, and using bots, scripts or other automated means to post, like, rate, comment or create accounts.',
      },
    ],
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    blocks: [
      {
        kind: 'paragraph',
        text: "You agree to indemnify us against any claim, loss, liability, cost or expense (including reasonable legal costs) arising from your content, your breach of these Terms, or your violation of any law or of anyone else's rights, for example by uploading a photo of someone else's feet without their permission.",
      },
      {
        kind: 'paragraph',
        text: 'This indemnity does not apply to the extent that the loss was caused by our own breach of these Terms, our negligence or our wilful misconduct. We will tell you about any claim covered by this section, and you agree to cooperate reasonably with us in dealing with it.',
      },
    ],
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    blocks: [
      {
        kind: 'paragraph',
        text: 'These Terms are governed by the laws of the Australian Capital Territory (ACT), Australia. You and we submit to the non-exclusive jurisdiction of the courts of the ACT and any courts that can hear appeals from them.',
      },
      {
        kind: 'paragraph',
        text: 'If you live outside Australia, you may also have rights under the mandatory consumer laws of your country, and nothing in these Terms takes those rights away.',
      },
      {
        kind: 'paragraph',
        text: 'If you have a problem with the Service, please contact us first at support@solescore.app. Most issues can be resolved quickly and informally, without the need for formal proceedings.',
      },
    ],
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    blocks: [
      {
        kind: 'paragraph',
        text: 'We may update these Terms from time to time, for example to reflect changes to the Service, its prices or durations, or the law. When we do, we will change the last updated date at the top of this page. For significant changes, we will give reasonable notice, such as a notice on the Service or an email to registered users.',
      },
      {
        kind: 'paragraph',
        text: 'If you keep using the Service after the updated Terms take effect, you accept them. If you do not agree with the changes, stop using the Service and, if you have an account, ask us to close it. Changes do not apply to purchases confirmed before the change took effect.',
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    blocks: [
      {
        kind: 'paragraph',
        text: 'If you have a question about these Terms, want to request a refund, report content that infringes your rights or need help with your account, email us at support@solescore.app.',
      },
      {
        kind: 'paragraph',
        text: 'To help us respond quickly, please write from the email address linked to your account and, for payment questions, include the payment ID shown on your Stripe receipt.',
      },
    ],
  },
];
