import type { MailMessage } from '../ports/mail.port';
import { layout, SUPPORT_ADDRESS } from '../accounts/account-mails';
import { escapeHtml } from '../shared/escape-html';

const APP_NAME = 'SoleScore';

function mail(to: string, subject: string, lines: string[], link: string, action: string) {
  return {
    to,
    subject,
    text: [...lines, '', `${action}: ${link}`, '', unsubscribeLine].join('\n'),
    html: layout(
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>
<p style="color:#666">${escapeHtml(unsubscribeLine)}</p>`,
    ),
  } satisfies MailMessage;
}

const unsubscribeLine = `You can turn these emails off in your ${APP_NAME} account settings.`;

/** What a digest tells: how many of each came in, and whether it waited since the last mail. */
export interface PostActivity {
  comments: number;
  ratings: number;
  /** Replies to the recipient's comment on the post. */
  replies: number;
  /** `last-mail`: the news gathered since the last mail about the post (it waited for it). */
  since: 'last-mail' | null;
}

/**
 * News of one post for one member: how many ratings, comments and replies came in, never who
 * wrote what (a flood of comments must not become a flood of their text in someone's inbox).
 * The post's author hears of all three; a commenter, of the replies to their comment.
 */
export function postActivityMail(
  publicUrl: string,
  to: string,
  postId: string,
  activity: PostActivity,
) {
  const onTheirPost = activity.comments > 0 || activity.ratings > 0;
  const replies = plural(activity.replies, 'new reply', 'new replies');
  const parts = [
    activity.comments > 0 && plural(activity.comments, 'new comment'),
    activity.ratings > 0 && plural(activity.ratings, 'new rating'),
    activity.replies > 0 && (onTheirPost ? `${replies} to your comment` : replies),
  ].filter((part): part is string => typeof part === 'string');
  const news = listed(parts);
  const since = activity.since === 'last-mail' ? ' since our last email about it' : '';
  const subject = onTheirPost ? `Your post got ${news}` : `Your comment got ${news}`;
  const line = onTheirPost
    ? `Your post on ${APP_NAME} got ${news}${since}.`
    : `Your comment on a post on ${APP_NAME} got ${news}${since}.`;
  return mail(to, subject, [line], `${publicUrl}/post/${postId}`, 'See the post');
}

/** "a", "a and b", "a, b and c". */
function listed(parts: string[]): string {
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

export function weeklyWinnerMail(
  publicUrl: string,
  to: string,
  postId: string,
  rank: number,
  week: string,
) {
  const place = ['1st', '2nd', '3rd', '4th', '5th'][rank - 1] ?? `${rank}th`;
  return mail(
    to,
    `Your post placed ${place} in ${week}`,
    [
      `Congratulations! Your post placed ${place} on the ${APP_NAME} weekly leaderboard for ${week}.`,
    ],
    `${publicUrl}/post/${postId}`,
    'See your post',
  );
}

/**
 * A moderator removed the member's post: what, why and where the rules are. A service mail,
 * sent whatever the notification switches say (the member must hear of a decision on them).
 */
export function postRemovedMail(
  publicUrl: string,
  to: string,
  postedAt: string,
  reason: string,
  /** The boost that ran on the post when it was removed, if one did: it ended with it. */
  boost: 'regular' | 'mega' | null = null,
): MailMessage {
  const day = new Date(postedAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const lines = [
    `A moderator removed your post of ${day} from ${APP_NAME}. It no longer shows on the leaderboard, its page or anywhere else, and its photo is no longer served.`,
    `Reason: ${reason}`,
    ...(boost
      ? [
          `Its running ${boost === 'mega' ? 'Mega Boost' : 'Boost'} ended with it. Boosts are not refunded once they run (${publicUrl}/termsofservice).`,
        ]
      : []),
    `Our community rules are at ${publicUrl}/termsofservice#moderation. If you think this was a mistake, write to ${SUPPORT_ADDRESS}.`,
  ];
  const link = `${publicUrl}/my-posts`;
  const action = 'See your posts';
  return {
    to,
    subject: 'Your post was removed by a moderator',
    text: [...lines, '', `${action}: ${link}`].join('\n'),
    html: layout(
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    ),
  };
}
