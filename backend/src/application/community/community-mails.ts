import type { MailMessage } from '../ports/mail.port';
import { escapeHtml, layout } from '../accounts/account-mails';

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

export function postRatedMail(publicUrl: string, to: string, postId: string, score: number) {
  return mail(
    to,
    `Your post was rated ${score}/10`,
    [`Someone rated your post ${score}/10 on ${APP_NAME}.`],
    `${publicUrl}/post/${postId}`,
    'See your post',
  );
}

export function postCommentedMail(
  publicUrl: string,
  to: string,
  postId: string,
  commenter: string,
  text: string,
) {
  const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return mail(
    to,
    `${commenter} commented on your post`,
    [`${commenter} commented on your post on ${APP_NAME}:`, `“${excerpt}”`],
    `${publicUrl}/post/${postId}`,
    'Read the comment',
  );
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
