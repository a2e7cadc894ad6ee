import { useParams } from 'react-router';

import { NewsletterLink, type NewsletterAction } from '@/features/newsletter/components/newsletter-link';

export type { NewsletterAction };

/**
 * `/newsletter/confirm/:token` and `/newsletter/unsubscribe/:token`, the
 * links of the newsletter's e-mails: the same path in every language, shown
 * in the page's (the host's). Not for search engines.
 */
export function NewsletterLinkRoute({ action }: { action: NewsletterAction }) {
  const token = useParams().token ?? '';
  return (
    <>
      <meta name="robots" content="noindex" />
      <NewsletterLink key={token} action={action} token={token} />
    </>
  );
}
