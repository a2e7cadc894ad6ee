import { FormAlert, SubmitButton } from '@/components/ui/form-fields';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { ChangeQuote } from '@/types/api';

import { Fact } from './facts';

/** What a change of a line costs, as the server priced it: before and after, the difference, and what is left or goes back. */
export function ChangeQuoteFacts({ quote, currency }: { quote: ChangeQuote; currency: string }) {
  const { t, formatMoney } = useI18n();
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <dl className="staff-order__facts" aria-live="polite">
      <Fact label={t('staff.quote.was')}>{money(quote.was)}</Fact>
      <Fact label={t('staff.quote.price')}>{money(quote.price)}</Fact>
      <Fact label={t('staff.quote.difference')}>{money(quote.difference)}</Fact>
      <Fact label={t('staff.quote.total')}>{money(quote.total)}</Fact>
      <Fact label={t('staff.quote.leftToPay')}>{money(quote.leftToPay)}</Fact>
      {quote.refund > 0 && <Fact label={t('staff.quote.refund')}>{money(quote.refund)}</Fact>}
    </dl>
  );
}

type Words = { refused: string; confirm: string; check: string; keep: string };

/**
 * The end of a change's form: the quote when there is one, a refusal in
 * place, then "check" until the change is quoted and "confirm" after, and
 * "keep it as it is".
 */
export function ChangeFormEnd({
  quote,
  currency,
  problem,
  words,
  checking,
  confirming,
  onKeep,
}: {
  quote: ChangeQuote | null;
  currency: string;
  problem: string | null;
  words: Words;
  checking: boolean;
  confirming: boolean;
  onKeep: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {quote && <ChangeQuoteFacts quote={quote} currency={currency} />}
      {problem && (
        <FormAlert>
          <p>
            <strong>{words.refused}</strong>
          </p>
          <p>{problem}</p>
        </FormAlert>
      )}
      <div className="staff-money__actions">
        {quote ? (
          <SubmitButton busy={confirming} busyLabel={t('staff.transfer.busy')}>
            {words.confirm}
          </SubmitButton>
        ) : (
          <SubmitButton busy={checking} busyLabel={t('staff.stay.checking')}>
            {words.check}
          </SubmitButton>
        )}
        <button type="button" className="button button--secondary" onClick={onKeep}>
          {words.keep}
        </button>
      </div>
    </>
  );
}
