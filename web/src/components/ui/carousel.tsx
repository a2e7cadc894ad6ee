/**
 * A multi-slide banner that moves on by itself (spec 2.5, 9), built on the
 * WAI-ARIA carousel pattern:
 *
 * - a region with `aria-roledescription="carousel"`, each slide a group with
 *   `aria-roledescription="slide"` (both in the page's language, as screen
 *   readers say them) named "n of m"; only the current slide is shown (the
 *   others are `hidden`, out of the tab order);
 * - the rotation control comes first (pause / play), then the slides, then
 *   "previous", one button per slide (the current one `aria-current`) and
 *   "next", all plain buttons;
 * - the slides are a live region only while they do not move by themselves
 *   (`aria-live="off"` while rotating, `polite` otherwise), so a visitor
 *   who changes the slide hears it and autoplay is not read out;
 * - rotation holds while the pointer is over the slides or keyboard focus is
 *   inside the carousel (except on the rotation control itself), and stops
 *   for good when the visitor pauses it;
 * - with `prefers-reduced-motion: reduce` it does not start by itself (the
 *   visitor may still press play).
 *
 * Its texts (`banner.*`) are in the `site` part of the dictionary, which the
 * pages that show one load with their code.
 */
import { useEffect, useId, useState, type FocusEvent, type ReactNode } from 'react';

import { BANNER_AUTOPLAY_MS } from '@/config/constants';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { useI18n } from '@/lib/i18n/i18n-provider';

import './carousel.css';

export type CarouselSlide = {
  id: string;
  /** Names the slide's button ("Slide 2: {title}"). */
  title: string;
  content: ReactNode;
};

type Props = {
  /** The carousel's accessible name. */
  label: string;
  slides: CarouselSlide[];
  /** Milliseconds each slide stays while rotating. */
  interval?: number;
};

export function Carousel({ label, slides, interval = BANNER_AUTOPLAY_MS }: Props) {
  const { t } = useI18n();
  const id = useId();
  const count = slides.length;
  const [current, setCurrent] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  // The visitor's own choice wins over the motion preference.
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const playing = count > 1 && (choice === null ? !reducedMotion : choice === 'play');
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    // Keyed on the slide: a slide picked by hand gets its full time too.
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % count), interval);
    return () => window.clearTimeout(timer);
  }, [rotating, current, count, interval]);

  if (count === 0) return null;
  const shown = Math.min(current, count - 1);
  const slideId = (index: number) => `${id}-slide-${index}`;
  const slidesId = `${id}-slides`;
  const go = (index: number) => setCurrent((index + count) % count);

  // Focus on anything but the rotation control holds the rotation.
  const onFocus = (event: FocusEvent<HTMLElement>) =>
    setFocused(!(event.target instanceof HTMLElement && event.target.dataset.rotation !== undefined));
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription={t('banner.roleDescription')}
      aria-label={label}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {count > 1 && (
        <button
          type="button"
          className="carousel__rotation"
          data-rotation=""
          aria-controls={slidesId}
          onClick={() => setChoice(playing ? 'pause' : 'play')}
        >
          <span className={`carousel__icon carousel__icon--${playing ? 'pause' : 'play'}`} aria-hidden="true" />
          <span className="sr-only">{playing ? t('banner.pause') : t('banner.play')}</span>
        </button>
      )}
      <div
        id={slidesId}
        className="carousel__slides"
        aria-live={rotating ? 'off' : 'polite'}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            id={slideId(index)}
            className="carousel__slide"
            role="group"
            aria-roledescription={t('banner.slide')}
            aria-label={t('banner.slideLabel', { index: index + 1, count })}
            hidden={index !== shown}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button type="button" className="carousel__step" aria-controls={slidesId} onClick={() => go(shown - 1)}>
            <span aria-hidden="true">‹</span>
            <span className="sr-only">{t('banner.previous')}</span>
          </button>
          <div className="carousel__picker" role="group" aria-label={t('banner.choose')}>
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-controls={slideId(index)}
                aria-current={index === shown ? 'true' : undefined}
                aria-label={t('banner.goTo', { index: index + 1, title: slide.title })}
                onClick={() => go(index)}
              />
            ))}
          </div>
          <button type="button" className="carousel__step" aria-controls={slidesId} onClick={() => go(shown + 1)}>
            <span aria-hidden="true">›</span>
            <span className="sr-only">{t('banner.next')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
