import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { TextField } from '@/components/ui/form-fields';
import { isVoucherRefusal } from '@/features/basket/api/redeem-voucher';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem, LineRedemption } from '@/types/api';

type Props = {
  line: CartItem;
  /** The line's name, for the accessible names of its controls. */
  name: string;
  /** Whether the line can be paid with a gift voucher (a top-level line that is not one, available). */
  payable: boolean;
  /** A basket change is on its way: the buttons are unavailable. */
  busy: boolean;
  onRedeem: (line: CartItem, code: string) => Promise<unknown>;
  onRemove: (line: CartItem) => Promise<unknown>;
};

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The server's words for a refused code: its field's message, else the refusal's own. */
function refusalMessage(error: unknown): string | null {
  if (!isVoucherRefusal(error)) return null;
  return error.errors.find((fieldError) => fieldError.field === 'code')?.message ?? error.message;
}

/**
 * Paying for a basket line with a gift voucher code: a disclosure button
 * opening a small form (the code, "apply"), the server's refusal beside the
 * field; once a code pays for the line, the code and what it pays (or that
 * it has nothing left, or has expired) with a button to stop. Focus follows:
 * to the applied voucher after "apply", back to the disclosure after
 * "remove"; Escape closes the form.
 */
export function LineVoucher({ line, name, payable, busy, onRedeem, onRemove }: Props) {
  const { t } = useI18n();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const appliedRef = useRef<HTMLParagraphElement>(null);
  /** Where focus goes once the basket's answer is shown. */
  const focusNext = useRef<'applied' | 'toggle' | null>(null);
  const redemption = line.redemption ?? null;

  useEffect(() => {
    const target = focusNext.current === 'applied' ? appliedRef.current : focusNext.current === 'toggle' ? toggleRef.current : null;
    if (target) {
      focusNext.current = null;
      target.focus();
    }
  }, [redemption?.code]);

  const close = () => {
    setOpen(false);
    setError(null);
    toggleRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || pending) return;
    const typed = code.trim();
    if (typed === '') {
      setError(t('basket.voucher.required'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      focusNext.current = 'applied';
      await onRedeem(line, typed);
      setOpen(false);
      setCode('');
    } catch (failure) {
      focusNext.current = null;
      // Other failures are the usual notification.
      const message = refusalMessage(failure);
      if (message) {
        setError(message);
        inputRef.current?.focus();
      }
    } finally {
      setPending(false);
    }
  };

  const onStop = async () => {
    if (busy) return;
    focusNext.current = 'toggle';
    try {
      await onRemove(line);
    } catch {
      // The notification says it; the voucher stays.
      focusNext.current = null;
    }
  };

  if (redemption) {
    return (
      <div className="line-voucher" data-testid="line-voucher">
        <p className="line-voucher__applied" ref={appliedRef} tabIndex={-1}>
          <AppliedText redemption={redemption} currency={line.price.currency} />
        </p>
        <button
          type="button"
          className="button button--small"
          aria-label={t('basket.voucher.removeLabel', { code: redemption.code })}
          aria-disabled={busy}
          onClick={() => void onStop()}
        >
          {t('basket.voucher.remove')}
        </button>
      </div>
    );
  }
  if (!payable) return null;

  const formName = t('basket.voucher.openLabel', { name });
  return (
    <div className="line-voucher">
      <button
        ref={toggleRef}
        type="button"
        className="line-voucher__toggle"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        aria-label={formName}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('basket.voucher.open')}
      </button>
      {open && (
        <form
          id={formId}
          className="line-voucher__form"
          noValidate
          aria-label={formName}
          aria-busy={pending}
          onSubmit={(event) => void onSubmit(event)}
          onKeyDown={(event: KeyboardEvent<HTMLFormElement>) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <TextField
            ref={inputRef}
            label={t('basket.voucher.code')}
            hint={t('basket.voucher.codeHint')}
            error={error ?? undefined}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            name="code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
          />
          <button type="submit" className="button button--small button--primary" aria-disabled={busy || pending}>
            {pending ? t('basket.voucher.applying') : t('basket.voucher.apply')}
          </button>
        </form>
      )}
    </div>
  );
}

/** What the code does for the line: what it pays, or why it pays nothing. */
function AppliedText({ redemption, currency }: { redemption: LineRedemption; currency: string }) {
  const { t, formatMoney, formatDate } = useI18n();
  const { code, amount, balance, validUntil } = redemption;
  const date = formatDate(validUntil);
  if (amount > 0) {
    return (
      <>
        <span className="line-voucher__pays">{t('basket.voucher.pays', { code, amount: formatMoney(-amount, currency) })}</span>{' '}
        <span className="line-voucher__valid">{t('basket.voucher.validUntil', { date })}</span>
      </>
    );
  }
  if (validUntil < todayUtc()) return <span className="line-voucher__none">{t('basket.voucher.expired', { code, date })}</span>;
  if (balance <= 0) return <span className="line-voucher__none">{t('basket.voucher.spent', { code })}</span>;
  return <span className="line-voucher__pays">{t('basket.voucher.pays', { code, amount: formatMoney(0, currency) })}</span>;
}
