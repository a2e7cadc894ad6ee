/**
 * The newsletter sign-up in the footer of every page (spec 1, 2.4, 5).
 *
 * It is not part of the first page load: `newsletter-slot.tsx` loads it,
 * with its texts (the `site` part of the dictionary), when the footer nears
 * the viewport. The rules and the request (`utils/sign-up.ts`, with zod)
 * load when the visitor first sends the form. While that and the request
 * run the form is busy: the button says so and takes no second send.
 *
 * A problem with the address shows beside the field (`aria-describedby`,
 * `aria-invalid`), which takes focus, and follows the typing from then on;
 * the outcome (signed up, and a confirmation e-mail is on its way / signed
 * up already / failed) is said in a status line under the form.
 */
import { useId, useRef, useState, type FormEvent } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import { loadChunk } from '@/lib/load-chunk';

export function NewsletterSignUp() {
  const { t, locale } = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  /** The field's check, once its code is there: an error follows the typing. */
  const recheck = useRef<((value: string) => string) | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    setMessage('');
    try {
      const { signUp, fieldError } = await loadChunk(() => import('@/features/newsletter/utils/sign-up'), locale);
      recheck.current = (value) => fieldError(value, locale);
      const answer = await signUp(input.current?.value ?? '', locale);
      if ('error' in answer) {
        setError(answer.error);
        input.current?.focus();
      } else {
        setError('');
        setMessage(answer.message);
        if (answer.signedUp) form.reset();
      }
    } catch {
      // Its code did not come (the generic notification has been raised).
      setMessage(t('errors.generic'));
    }
    setBusy(false);
  }

  return (
    <section className="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="newsletter__title">
        {t('newsletter.title')}
      </h2>
      <form noValidate aria-busy={busy || undefined} onSubmit={(event) => void onSubmit(event)}>
        <label className="newsletter__label" htmlFor={`${id}-email`}>
          {t('newsletter.email')}
        </label>
        <div className="newsletter__row">
          <input
            ref={input}
            id={`${id}-email`}
            className="newsletter__input"
            type="email"
            name="email"
            autoComplete="email"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setMessage('');
              if (error && recheck.current) setError(recheck.current(event.target.value));
            }}
          />
          <button type="submit" className="button newsletter__submit" aria-disabled={busy || undefined}>
            {t(busy ? 'newsletter.busy' : 'newsletter.submit')}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="newsletter__error">
            {error}
          </p>
        )}
        <p className="newsletter__status" role="status">
          {message}
        </p>
      </form>
    </section>
  );
}
