import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { confirmSubscriptionQueryOptions } from '@/features/newsletter/api/confirm-subscription';
import { unsubscribeQueryOptions } from '@/features/newsletter/api/unsubscribe';
import { usePageHead } from '@/hooks/use-page-head';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

export type NewsletterAction = 'confirm' | 'unsubscribe';

const TEXTS = {
  confirm: {
    title: 'newsletter.confirm.title',
    loading: 'newsletter.confirm.loading',
    done: 'newsletter.confirm.done',
  },
  unsubscribe: {
    title: 'newsletter.unsubscribe.title',
    loading: 'newsletter.unsubscribe.loading',
    done: 'newsletter.unsubscribe.done',
  },
} as const;

const UNKNOWN_TOKEN = 'unknown_newsletter_token';

/**
 * The page a newsletter e-mail's link opens (`/newsletter/confirm/{token}`,
 * `/newsletter/unsubscribe/{token}`): it sends the token on arrival and says
 * how it went, in one status region (announced as it changes): on its way,
 * done ("Your subscription is confirmed", "You have been unsubscribed"), or
 * why not. An unknown token (404) says the link is not valid; any other
 * failure offers to try again. The texts are the page's own, in its language.
 */
export function NewsletterLink({ action, token }: { action: NewsletterAction; token: string }) {
  const { t, locale } = useI18n();
  const texts = TEXTS[action];
  const query = useQuery(
    action === 'confirm' ? confirmSubscriptionQueryOptions(token, locale) : unsubscribeQueryOptions(token, locale),
  );
  const title = t(texts.title);
  usePageHead(title, t('newsletter.link.description'));

  const unknown =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.code === UNKNOWN_TOKEN);
  let kind: 'loading' | 'done' | 'error' = 'done';
  let text = t(texts.done);
  if (query.isFetching) {
    kind = 'loading';
    text = t(texts.loading);
  } else if (query.isError) {
    kind = 'error';
    text = t(unknown ? 'newsletter.link.unknown' : 'newsletter.link.failed');
  }

  return (
    <article className="page page--message newsletter-link">
      <h1>{title}</h1>
      <div className={`status status--${kind}`} role="status" data-testid="newsletter-link-outcome">
        {kind === 'loading' && <span className="spinner" aria-hidden="true" />}
        <p className="status__text">{text}</p>
      </div>
      <p className="newsletter-link__actions">
        {kind === 'error' && !unknown && (
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        )}
        <Link className="button button--primary" to={paths.root.href(locale)}>
          {t('newsletter.link.home')}
        </Link>
      </p>
    </article>
  );
}
