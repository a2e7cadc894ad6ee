import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { FormAlert } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useContentPage } from '@/features/content/api/get-page';
import { useSlideChanges } from '@/features/content/api/slides';
import { blockHeading } from '@/features/content/utils/block-heading';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

import './home-slides.css';

/** The home page's blocks: its welcome, and its banner's slides (each block whose id starts so). */
export const WELCOME_BLOCK = 'home-welcome';
export const SLIDE_PREFIX = 'home-slide-';
/** The most slides the banner takes (the server's limit). */
export const SLIDES_MAX = 12;

/**
 * The home page (administrators, on the settings page): its welcome text
 * and its banner's slides, each named by its heading and edited in the
 * block editor in every language; a slide removed after a confirmation
 * (gone in every language), a new one added last with a starting text and
 * opened in the editor, where it is written and translated.
 */
export function HomeSlidesSection() {
  const { t, locale } = useI18n();
  const headingId = useId();
  const page = useContentPage(paths.root.path(locale));
  const { add, remove } = useSlideChanges(locale);
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const busy = useRef(false);
  const blocks = page.data?.blocks ?? [];
  const slides = blocks.filter((block) => block.id.startsWith(SLIDE_PREFIX)).map((block, i) => ({ id: block.id, name: blockHeading(block.content) ?? t('staff.slides.untitled', { position: i + 1 }) }));
  const welcome = blocks.some((block) => block.id === WELCOME_BLOCK);
  const editHref = (id: string) => paths.editBlock.href(locale, { id }, { locale });

  const run = async (work: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setAlert(null);
    setDone(null);
    try {
      await work();
    } catch (error) {
      // The server's words for a refusal it explains (the banner full, a session ended); ours otherwise.
      setAlert(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('staff.slides.error'));
    } finally {
      busy.current = false;
    }
  };
  const addSlide = () =>
    run(async () => {
      const slide = await add.mutateAsync(`<h2>${t('staff.slides.newHeading')}</h2><p>${t('staff.slides.newText')}</p>`);
      void navigate(editHref(slide.id));
    });
  const removeSlide = (id: string, name: string) =>
    run(async () => {
      await remove.mutateAsync(id);
      setConfirming(null);
      setDone(t('staff.slides.removed', { name }));
    });

  return (
    <section className="staff-settings__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.slides.heading')}</h2>
      <p>{t('staff.slides.intro')}</p>
      {page.isPending && <p role="status">{t('staff.slides.loading')}</p>}
      {page.isError && !page.isFetching && (
        <div className="staff-notice staff-notice--error" role="alert">
          <p>{t('staff.slides.loadError')}</p>
          <button type="button" className="button" onClick={() => void page.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      )}
      {welcome && (
        <p>
          <Link to={editHref(WELCOME_BLOCK)}>{t('staff.slides.editWelcome')}</Link>
        </p>
      )}
      {page.data && slides.length === 0 && <p>{t('staff.slides.none')}</p>}
      {slides.length > 0 && (
        <ol className="home-slides">
          {slides.map((slide) => (
            <li key={slide.id} className="home-slides__item">
              <span className="home-slides__name">{slide.name}</span>
              <span className="home-slides__actions">
                <Link className="button button--small" to={editHref(slide.id)} aria-label={t('staff.slides.editNamed', { name: slide.name })}>
                  {t('staff.slides.edit')}
                </Link>
                {confirming === slide.id ? (
                  <>
                    <button type="button" className="button button--small" disabled={remove.isPending} onClick={() => void removeSlide(slide.id, slide.name)}>
                      {t('staff.slides.confirmRemove', { name: slide.name })}
                    </button>
                    <button type="button" className="button button--small" onClick={() => setConfirming(null)}>
                      {t('staff.slides.keep')}
                    </button>
                  </>
                ) : (
                  <button type="button" className="button button--small" aria-label={t('staff.slides.removeNamed', { name: slide.name })} onClick={() => setConfirming(slide.id)}>
                    {t('staff.slides.remove')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="staff-settings__status" role="status">
        {done && <p className="staff-notice staff-notice--success">{done}</p>}
      </div>
      {alert && (
        <FormAlert>
          <p>{alert}</p>
        </FormAlert>
      )}
      {page.data && (
        <p>
          <button type="button" className="button" disabled={slides.length >= SLIDES_MAX || add.isPending} aria-describedby={`${headingId}-limit`} onClick={() => void addSlide()}>
            {t('staff.slides.add')}
          </button>{' '}
          <span id={`${headingId}-limit`} className="form-field__hint">
            {t('staff.slides.limit', { max: SLIDES_MAX })}
          </span>
        </p>
      )}
    </section>
  );
}
