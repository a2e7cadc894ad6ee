import { useParams } from 'react-router';

import { NewsletterLink, type NewsletterAction } from '@/features/newsletter/components/newsletter-link';

/**
 * `/newsletter/confirm/:token` and `/newsletter/unsubscribe/:token`, the
 * links of the newsletter's e-mails: the same path in every language, shown
 * in the page's (the host's). Not for search engines.
 */
function NewsletterLinkRoute({ action }: { action: NewsletterAction }) {
  const token = useParams().token ?? '';
  return (
    <>
      <meta name="robots" content="noindex" />
      <NewsletterLink key={token} action={action} token={token} />
    </>
  );
}

/** The confirmation e-mail's link (double opt-in). */
export function NewsletterConfirmRoute() {
  return <NewsletterLinkRoute action="confirm" />;
}

/** The newsletter's "unsubscribe" link. */
export function NewsletterUnsubscribeRoute() {
  return <NewsletterLinkRoute action="unsubscribe" />;
}
