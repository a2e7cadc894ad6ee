import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Carousel, type CarouselSlide } from '@/components/ui/carousel';
import { VideoButton } from '@/components/ui/video-modal';
import { HOME_BANNER_SLIDES } from '@/config/home-banner';
import { HOME_VIDEO_ID } from '@/config/home-video';
import { paths } from '@/config/paths';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { getDocumentLocale } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';
import { loadChunk } from '@/lib/load-chunk';

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

  const slides: CarouselSlide[] = HOME_BANNER_SLIDES.map((slide, index) => ({
    id: slide.id,
    title: t(slide.titleKey),
    content: (
      <>
        {/* The picture has no words of its own: the slide's text says what it offers. */}
        <img
          className="banner-slide__image"
          src={slide.image}
          alt=""
          width={800}
          height={600}
          loading={index === 0 ? undefined : 'lazy'}
        />
        <div>
          <h2 className="banner-slide__title">{t(slide.titleKey)}</h2>
          <p className="banner-slide__text">{t(slide.textKey)}</p>
          <Link className="button button--primary" to={paths[slide.route].href(locale)}>
            {t(slide.ctaKey)}
          </Link>
        </div>
      </>
    ),
  }));

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
      <Carousel label={t('banner.label')} slides={slides} />
    </>
  );
}
