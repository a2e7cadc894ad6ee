import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Carousel, type CarouselSlide } from '@/components/ui/carousel';
import { VideoButton } from '@/components/ui/video-modal';
import { HOME_VIDEO_ID } from '@/config/home-video';
import { paths } from '@/config/paths';
import { useContentPage } from '@/features/content/api/get-page';
import { ContentBlocks } from '@/features/content/components/content-blocks';
import { EditModeScope } from '@/features/content/components/edit-mode';
import { blockHeading } from '@/features/content/utils/block-heading';
import { usePageHead } from '@/hooks/use-page-head';
import { useHeaderCustomer } from '@/lib/api/get-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { getDocumentLocale } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';
import { loadChunk } from '@/lib/load-chunk';
import { canEditContent } from '@/lib/rules/roles';
import type { PageBlock } from '@/types/api';

import './home.css';

/** The home page's welcome: a block of the content system's page at the home path. */
const WELCOME_BLOCK = 'home-welcome';
/** Every block of that page whose id starts so is a slide of the banner, in the page's order. */
const SLIDE_BLOCK_PREFIX = 'home-slide-';

/** Where the verification e-mail's link ended (the gateway's `/?account=`). */
type Outcome = 'verified' | 'link-expired';
const outcomeOf = (value: string | null): Outcome | null =>
  value === 'verified' || value === 'link-expired' ? value : null;

/**
 * What the verification e-mail's link says (`?account=`), with the account
 * texts; loaded only then. Should it not load, the home page stays (the
 * generic notification has been raised).
 */
const VerificationLanding = lazy(async (): Promise<{ default: ComponentType<{ outcome: Outcome }> }> => {
  const locale = getDocumentLocale();
  try {
    const [{ VerificationLanding: Component }] = await loadChunk(
      () => Promise.all([import('@/features/account/components/verification-landing'), loadDictionary(locale, 'account')]),
      locale,
    );
    return { default: Component };
  } catch {
    return { default: () => null };
  }
});

/**
 * The home page (spec 2.5): the hero (title, lead, call to action, the film
 * when the build names one), then the content system's blocks of the page
 * at the home path: the welcome, and the banner whose slides are the
 * `home-slide-*` blocks, editable in the block editor (edit links for
 * editors). While they load, and should the content system fail or have
 * none, the hero stands alone.
 */
export function HomeRoute() {
  const { t, locale } = useI18n();
  usePageHead(t('nav.home'), t('home.lead'));
  const [query, setQuery] = useSearchParams();
  // The gateway sends the verification link here with `?account=verified|link-expired`:
  // said once, then dropped from the address (a reload does not say it again).
  const [outcome] = useState(() => outcomeOf(query.get('account')));
  useEffect(() => {
    if (!query.has('account')) return;
    setQuery(
      (current) => {
        current.delete('account');
        return current;
      },
      { replace: true, state: { keepScroll: true } },
    );
  }, [query, setQuery]);

  const canEdit = canEditContent(useHeaderCustomer());
  const containers = useContentPage(paths.root.path(locale)).data?.blocks;
  const welcome = useMemo(() => (containers ?? []).filter((block) => block.id === WELCOME_BLOCK), [containers]);
  const slides = useMemo(
    () =>
      (containers ?? [])
        .filter((block) => block.id.startsWith(SLIDE_BLOCK_PREFIX))
        .map((block, index) => ({ block, title: blockHeading(block.content) ?? String(index + 1) })),
    [containers],
  );

  return (
    <>
      {outcome && (
        <Suspense fallback={null}>
          <VerificationLanding outcome={outcome} />
        </Suspense>
      )}
      <section className="hero">
        <h1 className="hero__title">{t('home.title')}</h1>
        <p className="hero__lead">{t('home.lead')}</p>
        <div className="hero__actions">
          <Link className="button button--primary" to={paths.treatments.href(locale)}>
            {t('home.cta')}
          </Link>
          {HOME_VIDEO_ID && (
            <VideoButton
              videoId={HOME_VIDEO_ID}
              label={t('home.film.open')}
              title={t('home.film.title')}
              closeLabel={t('video.close')}
            />
          )}
        </div>
      </section>
      {(welcome.length > 0 || slides.length > 0) && (
        <EditModeScope canEdit={canEdit}>
          {(editLinks) => (
            <>
              {welcome.length > 0 && (
                <div className="home-welcome">
                  <ContentBlocks containers={welcome} editLinks={editLinks} />
                </div>
              )}
              {slides.length > 0 && (
                <Carousel label={t('banner.label')} slides={bannerSlides(slides, editLinks)} />
              )}
            </>
          )}
        </EditModeScope>
      )}
    </>
  );
}

/**
 * The banner's slides: a block each, shown as the content system gives it
 * (its links navigate within the app; with its edit link in edit mode), and
 * named by its first heading ("Slide 2: {heading}"), or by its number
 * without one.
 */
function bannerSlides(
  slides: readonly { block: PageBlock; title: string }[],
  editLinks: boolean,
): CarouselSlide[] {
  return slides.map(({ block, title }) => ({
    id: block.id,
    title,
    content: (
      <div className="banner-slide">
        <ContentBlocks containers={[block]} editLinks={editLinks} />
      </div>
    ),
  }));
}
