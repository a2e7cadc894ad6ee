import { useId, useState, type FormEvent } from 'react';

import { routePlannerHref, type LatLng } from '@/config/guesthouse';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * Route planning (spec 2.4, 2.5): where the visitor starts, and a link that
 * opens the route planner in a new window from there to the guesthouse. The
 * link follows the field as it is typed; Enter in the field opens it too.
 * (A form sent to another site would be refused by the page's
 * Content-Security-Policy, `form-action 'self'`: the planner is opened as a
 * link.)
 */
export function DirectionsForm({ location }: { location: LatLng }) {
  const { t } = useI18n();
  const id = useId();
  const [origin, setOrigin] = useState('');
  const href = routePlannerHref(origin, location);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    window.open(href, '_blank', 'noopener,noreferrer');
  };

  return (
    <form className="directions" aria-labelledby={`${id}-title`} onSubmit={onSubmit}>
      <h3 id={`${id}-title`} className="contact__subheading">
        {t('contact.route')}
      </h3>
      <label className="field__label" htmlFor={`${id}-origin`}>
        {t('contact.route.origin')}
      </label>
      <div className="directions__row">
        <input
          id={`${id}-origin`}
          className="field__control directions__origin"
          type="text"
          name="origin"
          autoComplete="street-address"
          aria-describedby={`${id}-hint`}
          value={origin}
          onChange={(event) => setOrigin(event.target.value)}
        />
        <a className="button button--primary" href={href} target="_blank" rel="noopener noreferrer">
          {t('contact.route.submit')} <span className="sr-only">{t('contact.newWindow')}</span>
        </a>
      </div>
      <p id={`${id}-hint`} className="form-field__hint">
        {t('contact.route.hint')}
      </p>
    </form>
  );
}
