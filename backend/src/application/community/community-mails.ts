import type { MailMessage } from '../ports/mail.port';
import { layout } from '../accounts/account-mails';
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

/**
 * The quarter hour's news of one post: how many ratings and comments came in, never who wrote
 * what (a flood of comments must not become a flood of their text in someone's inbox).
 */
export function postActivityMail(
  publicUrl: string,
  to: string,
  postId: string,
  counts: { comments: number; ratings: number },
) {
  const parts = [
    counts.comments > 0 && plural(counts.comments, 'new comment'),
    counts.ratings > 0 && plural(counts.ratings, 'new rating'),
  ].filter((part): part is string => typeof part === 'string');
  const news = parts.join(' and ');
  return mail(
    to,
    `Your post got ${news}`,
    [`Your post on ${APP_NAME} got ${news} in the last quarter of an hour.`],
    `${publicUrl}/post/${postId}`,
    'See your post',
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
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
