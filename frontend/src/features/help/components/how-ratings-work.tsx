import { Link } from '@tanstack/react-router';

import { OFFLINE_RATING_SECTION } from '@/components/rater-note';
import { useDocumentHead } from '@/lib/use-document-head';

const sectionClass = 'flex scroll-mt-20 flex-col gap-2';
const headingClass = 'text-xl font-bold tracking-tight';
const linkClass =
  'rounded-sm font-medium text-primary underline underline-offset-4 hover:no-underline';

/**
 * What a score is made of, for members: the AI rating, the offline rating that stands in when the
 * server has no AI provider (said beside such a score, with a link here), the content gate
 * before either, and the community's votes beside them.
 */
export function HowRatingsWork() {
  useDocumentHead({
    title: 'How ratings work – SoleScore',
    description:
      'What a SoleScore rating is made of: the AI score, the offline rating, the checks every photo passes first, and the community’s votes.',
    canonicalPath: '/how-ratings-work',
  });

  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 text-pretty sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">How ratings work</h1>
        <p className="text-muted-foreground">
          Every photo gets an overall score out of 10, four category scores and a short comment.
          Members can then add their own rating, once per post.
        </p>
      </header>

      <section id="ai-rating" aria-labelledby="ai-rating-title" className={sectionClass}>
        <h2 id="ai-rating-title" className={headingClass}>
          The AI rating
        </h2>
        <p>
          When this site runs with an AI provider, a vision model looks at your photo, rates it on
          the four categories and writes the comment. It also checks that the photo shows only feet.
        </p>
      </section>

      <section
        id={OFFLINE_RATING_SECTION}
        aria-labelledby="offline-rating-title"
        className={sectionClass}
      >
        <h2 id="offline-rating-title" className={headingClass}>
          Offline rating
        </h2>
        <p>
          Without an AI provider, an offline rater stands in, on this server. It scores the photo,
          not the feet: it measures sharpness, exposure, contrast, colour and framing, and each
          category says which of them it is measured from. Its comment names what it measured. A
          photo it calls blurry, badly framed, dark or glaring scores 5.5 at most.
        </p>
        <p>
          The same photo always gets the same score. It does not look at what the photo shows, so a
          well-lit, sharp photo scores well whatever is in it. Every score it gives says so:
          “Offline rating” beside the score.
        </p>
      </section>

      <section id="before-rating" aria-labelledby="before-rating-title" className={sectionClass}>
        <h2 id="before-rating-title" className={headingClass}>
          Before anything is rated
        </h2>
        <p>
          Every image is checked before it is stored or rated. Faces, people and nudity are refused
          or held for a moderator, and an image with no picture in it (one colour, noise, only text)
          is refused as “This doesn&apos;t look like a photo”.
        </p>
      </section>

      <section
        id="community-votes"
        aria-labelledby="community-votes-title"
        className={sectionClass}
      >
        <h2 id="community-votes-title" className={headingClass}>
          Community votes
        </h2>
        <p>
          Signed-in members rate posts from 0 to 10. The members’ average and the number of votes
          show beside the AI score, on the post and on the boards.
        </p>
        <p>
          To keep the boards fair, a new account’s votes count after a waiting time (the rating form
          says from when). Votes tied to a post’s author, from the same network or browser, do not
          count towards it, and votes from a burst of new sign-ups wait for a moderator.
        </p>
      </section>

      <p>
        <Link to="/" className={linkClass}>
          Rate your feet
        </Link>
      </p>
    </article>
  );
}
