import '@/features/poll/poll.css';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { SubmitButton } from '@/components/ui/form-fields';
import { ModalDialog } from '@/components/ui/modal-dialog';
import type { Poll } from '@/features/poll/api/get-poll';
import { useVote } from '@/features/poll/api/vote';
import { pollResults, rememberVotePopup } from '@/features/poll/utils/vote-popup';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  poll: Poll;
  /** Asks for the poll again (after a refusal: the counts, the options). */
  reload: () => Promise<unknown>;
  onClose: () => void;
};

/**
 * The vote pop-up (spec 2.5, 3, 4): the poll's question and its answers as
 * a radio group, "vote" and "close". One vote per visitor: after it (or
 * when the server says this visitor has voted, 409) the pop-up shows each
 * answer's share and votes and the total, in a status region that announces
 * them, and focus moves to "close". Voting keeps the pop-up closed on later
 * page loads, as closing does (the host sets the cookie on close). An answer
 * the poll no longer has (404 `unknown_option`) asks to choose again among
 * the poll's answers as they are now; other failures say so and keep the
 * choice for another try.
 */
export function VotePopup({ poll, reload, onClose }: Props) {
  const { t } = useI18n();
  const id = useId();
  const voting = useVote();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState('');
  /** Why the results show: this visit's vote, or one before it. */
  const [outcome, setOutcome] = useState<'thanks' | 'already' | null>(poll.voted == null ? null : 'already');
  const close = useRef<HTMLButtonElement>(null);
  const firstOption = useRef<HTMLInputElement>(null);
  const showResults = outcome !== null;

  // The form is gone with the button that had the focus.
  useEffect(() => {
    if (showResults) close.current?.focus();
  }, [showResults]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (voting.isPending) return;
    if (!choice) {
      setError(t('poll.chooseOption'));
      firstOption.current?.focus();
      return;
    }
    setError('');
    try {
      await voting.mutateAsync(choice);
      rememberVotePopup();
      setOutcome('thanks');
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : '';
      if (failure instanceof ApiError && (failure.status === 409 || code === 'already_voted')) {
        rememberVotePopup();
        await reload().catch(() => undefined);
        setOutcome('already');
      } else if (failure instanceof ApiError && code === 'unknown_option') {
        setChoice('');
        setError(t('poll.unknownOption'));
        await reload().catch(() => undefined);
      } else {
        setError(t('poll.failed'));
      }
    }
  }

  const results = pollResults(poll);

  return (
    <ModalDialog
      className="poll"
      title={t('poll.title')}
      description={showResults ? undefined : t('poll.lead')}
      onEscape={onClose}
    >
      <div role="status" className="poll__outcome">
        {showResults && (
          <>
            <p className="poll__thanks">{t(outcome === 'thanks' ? 'poll.thanks' : 'poll.alreadyVoted')}</p>
            <h3 className="poll__question">{poll.question}</h3>
            <ul className="poll__results" aria-label={t('poll.results')}>
              {results.options.map((option) => (
                <li key={option.code} className="poll__result">
                  <span className="poll__result-text">
                    {t('poll.option', { label: option.label, percent: option.percent, votes: option.votes })}
                    {option.code === poll.voted && (
                      <>
                        {' '}
                        <strong className="poll__mine">{t('poll.yourAnswer')}</strong>
                      </>
                    )}
                  </span>
                  <meter className="poll__bar" min={0} max={100} value={option.percent} aria-hidden="true" />
                </li>
              ))}
            </ul>
            <p className="poll__total">{t('poll.total', { count: results.total })}</p>
          </>
        )}
      </div>
      {showResults ? (
        <div className="modal__actions">
          <button ref={close} type="button" className="button button--primary" onClick={onClose}>
            {t('poll.close')}
          </button>
        </div>
      ) : (
        <form noValidate aria-busy={voting.isPending || undefined} onSubmit={(event) => void onSubmit(event)}>
          <fieldset className="poll__options" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="poll__question">{poll.question}</legend>
            {poll.options.map((option, index) => (
              <label key={option.code} className="poll__option">
                <input
                  ref={index === 0 ? firstOption : undefined}
                  type="radio"
                  name={`${id}-option`}
                  value={option.code}
                  checked={choice === option.code}
                  onChange={() => {
                    setChoice(option.code);
                    setError('');
                  }}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {error && (
            <p id={`${id}-error`} className="field__error poll__error" role="alert">
              {error}
            </p>
          )}
          <div className="modal__actions">
            <SubmitButton busy={voting.isPending} busyLabel={t('poll.busy')}>
              {t('poll.vote')}
            </SubmitButton>
            <button type="button" className="button" onClick={onClose}>
              {t('poll.close')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
