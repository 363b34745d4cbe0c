import type { QueryBus } from '@nestjs/cqrs';
import { GetPublicProfileQuery } from '../../application/accounts/public-profile/public-profile.query';
import { GetPostPreviewQuery } from '../../application/community/get-post-preview/get-post-preview.query';
import {
  publicName,
  type PostPreview,
} from '../../application/community/get-post-preview/post-previews';
import { GetPostsByQuery } from '../../application/community/get-posts-by/get-posts-by.query';
import { GetWeeklyBoardQuery } from '../../application/community/get-weekly-board/get-weekly-board.query';
import { NotFoundError } from '../../domain/shared/errors';
import { CARD_HEIGHT, CARD_WIDTH, shareCardPath } from './share-card';
import type { PageHead, PageImage } from './page-head';

/** A page worth a preview: its head, or `null` when what it shows does not exist (a 404). */
export type SharedPage = { head: PageHead } | null;

const POST_PATH = /^\/post\/([^/]+)\/?$/;
const USER_PATH = /^\/user\/([^/]+)\/?$/;
const LEADERBOARD_PATH = /^\/leaderboard\/?$/;

/**
 * The pages of fixed text, each with the title and description the app sets once it runs
 * (`useDocumentHead` in their components), so a visitor without JavaScript and a link's preview
 * read the same.
 */
const TEXT_PAGES: Record<string, { title: string; description: string }> = {
  '/how-ratings-work': {
    title: 'How ratings work',
    description:
      'What a SoleScore rating is made of: the AI score, the offline rating, the checks every photo passes first, and the community’s votes.',
  },
  '/termsofservice': {
    title: 'Terms of Service',
    description:
      'The terms for using SoleScore, the AI foot rating app for adults 18+: eligibility, content rules, boosts, donations, payments, moderation and your rights.',
  },
  '/privacypolicy': {
    title: 'Privacy Policy',
    description:
      'How SoleScore collects, uses, shares and protects your information, including photos, ratings, payments and cookies, and the rights you have.',
  },
};

/** The site's own card (frontend/public/site-card.png): the home page's, and any page's without one. */
export const SITE_CARD_PATH = '/site-card.png';
export const SITE_DESCRIPTION =
  'Upload a photo of your feet and get an instant AI rating out of 10 with category scores and a comment. Entertainment for adults 18+.';

/**
 * The heads of the pages people share: a post, a profile, the leaderboard. Read through the
 * query bus from the read models, so they say what the page will show. Any other path answers
 * `undefined` (the generic head).
 */
export class ShareHeads {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly publicUrl: string,
  ) {}

  async of(path: string): Promise<SharedPage | undefined> {
    const post = POST_PATH.exec(path);
    if (post) return this.orMissing(() => this.post(decode(post[1])));
    const user = USER_PATH.exec(path);
    if (user) return this.orMissing(() => this.user(decode(user[1])));
    if (LEADERBOARD_PATH.test(path)) return { head: await this.leaderboard() };
    if (path === '/') return { head: this.home() };
    const text = TEXT_PAGES[path.replace(/\/$/, '')];
    if (text) return { head: this.textPage(path.replace(/\/$/, ''), text) };
    return undefined;
  }

  private textPage(path: string, { title, description }: { title: string; description: string }) {
    return {
      title: `${title} – SoleScore`,
      cardTitle: `${title} – SoleScore`,
      description,
      url: this.address(path),
      type: 'website' as const,
      image: this.siteCard(),
    };
  }

  private async post(postId: string): Promise<PageHead> {
    const preview = await this.preview(postId);
    const rated = preview.score === null ? 'Unrated' : `${preview.score}/10`;
    const rank = preview.weeklyRank === null ? '' : `, #${preview.weeklyRank} this week`;
    return {
      title: `${rated} by ${preview.authorName} – SoleScore`,
      cardTitle:
        preview.score === null
          ? 'Not rated yet on SoleScore'
          : `${preview.score}/10 on SoleScore: ${preview.label}`,
      description:
        preview.score === null
          ? `A photo by ${preview.authorName} on SoleScore. Add your rating, like and comment.`
          : `Rated ${preview.score}/10 (${preview.label})${rank}. A photo by ${preview.authorName} on SoleScore: like, comment and add your own rating.`,
      url: this.address(`/post/${encodeURIComponent(preview.postId)}`),
      type: 'article',
      image: this.card(preview),
    };
  }

  private async user(userId: string): Promise<PageHead> {
    const { user } = await this.queryBus.execute(new GetPublicProfileQuery(userId));
    const name = publicName(user);
    const [newest] = await this.queryBus.execute(new GetPostsByQuery(user.id, true));
    return {
      title: `${name} – SoleScore`,
      cardTitle: `${name} on SoleScore`,
      description: `${name}’s SoleScore profile and posts.`,
      url: this.address(`/user/${encodeURIComponent(user.id)}`),
      type: 'profile',
      image: newest ? await this.cardOf(newest._id) : null,
    };
  }

  private async leaderboard(): Promise<PageHead> {
    const { items } = await this.queryBus.execute(new GetWeeklyBoardQuery(undefined, 1, undefined));
    const leader = items[0];
    return {
      title: 'Leaderboard – SoleScore',
      cardTitle: 'The SoleScore leaderboard',
      description:
        'The SoleScore leaderboard: the most recent and top rated feet, and this week’s ranking.',
      url: this.address('/leaderboard'),
      type: 'website',
      image: (leader ? await this.cardOf(leader.post._id) : null) ?? this.siteCard(),
    };
  }

  private home(): PageHead {
    return {
      title: 'SoleScore – Get your feet rated by AI',
      cardTitle: 'SoleScore: get your feet rated by AI',
      description: SITE_DESCRIPTION,
      url: this.address('/'),
      type: 'website',
      image: this.siteCard(),
    };
  }

  private siteCard(): PageImage {
    return {
      url: this.address(SITE_CARD_PATH),
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      alt: 'SoleScore: get your feet rated by AI, and see where you rank this week',
    };
  }

  private preview(postId: string): Promise<PostPreview> {
    return this.queryBus.execute(new GetPostPreviewQuery(postId));
  }

  private async cardOf(postId: string): Promise<PageImage | null> {
    try {
      return this.card(await this.preview(postId));
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  private card(preview: PostPreview): PageImage {
    return {
      url: this.address(shareCardPath(preview)),
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      alt:
        preview.score === null
          ? `A photo by ${preview.authorName} on SoleScore, not rated yet`
          : `A photo by ${preview.authorName} rated ${preview.score}/10 (${preview.label}) on SoleScore`,
    };
  }

  private address(path: string): string {
    return `${this.publicUrl}${path}`;
  }

  /** A page of something missing, hidden or erased: null, answered 404. */
  private async orMissing(read: () => Promise<PageHead>): Promise<SharedPage> {
    try {
      return { head: await read() };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
