import { useId, useRef, useState } from 'react';

import { TextField } from '@/components/ui/form-fields';
import { treatmentsQuote, useChangeTreatments } from '@/features/staff/api/desk-money';
import { usePackage } from '@/features/staff/api/get-package';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem, ChangeQuote, StaffOrder, TreatmentPick } from '@/types/api';

import { ChangeFormEnd } from './change-quote';

type Props = {
  order: StaffOrder;
  code: string;
  /** A package line (attached to a stay that has not begun, or on its own). */
  line: CartItem;
  onChanged: (message: string) => void;
};

/**
 * "Change the treatments…" of a booked package: how many of each of the
 * package's treatments (its own and those it suggests), checked and priced
 * by the server first (the package's rules are the catalog's: a refusal is
 * said in place), then changed on the order's version the check was made on.
 */
export function OrderTreatments({ order, code, line, onChanged }: Props) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const booked = Object.fromEntries((line.treatments ?? []).map((treatment) => [treatment.code, treatment.quantity]));
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [quote, setQuote] = useState<ChangeQuote | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeTreatments(code, locale);
  const sending = useRef(false);
  const product = usePackage(line.code, locale, open);
  const name = line.product?.name ?? line.code;

  const offered = [...(product.data?.treatments?.primary ?? []), ...(product.data?.treatments?.additional ?? [])];
  // The booked ones first in the catalog's order; one no longer offered is kept.
  const names = new Map(offered.map((treatment) => [treatment.code, treatment.name]));
  for (const treatment of line.treatments ?? []) if (!names.has(treatment.code)) names.set(treatment.code, treatment.name);
  const count = (treatmentCode: string) => counts[treatmentCode] ?? String(booked[treatmentCode] ?? 0);
  const chosen = (): TreatmentPick[] =>
    [...names.keys()].map((treatmentCode) => ({ code: treatmentCode, quantity: Number(count(treatmentCode)) })).filter((pick) => pick.quantity > 0);
  const failure = (error: unknown) => (staffFailure(error) === 'other' ? t('staff.treatments.error') : serverMessage(error));

  const check = async () => {
    setChecking(true);
    setProblem(null);
    try {
      setQuote(await treatmentsQuote(code, line.id, locale, chosen()));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!quote || sending.current) return;
    sending.current = true;
    setProblem(null);
    try {
      await change.mutateAsync({ id: line.id, version: quote.version, treatments: chosen() });
      setOpen(false);
      setQuote(null);
      setCounts({});
      onChanged(t('staff.treatments.done', { code: order.bookingCode }));
    } catch (error) {
      setQuote(null);
      setProblem(failure(error));
    } finally {
      sending.current = false;
    }
  };

  if (!open) {
    return (
      <p>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('staff.treatments.open', { name })}
        </button>
      </p>
    );
  }
  return (
    <section className="staff-cancel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.treatments.heading', { name })}</h3>
      {product.isPending && (
        <p className="status status--loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="status__text">{t('staff.treatments.loading')}</span>
        </p>
      )}
      <form
        className="form"
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void (quote ? confirm() : check());
        }}
      >
        <div className="staff-stay__guests">
          {[...names.entries()].map(([treatmentCode, treatmentName]) => (
            <TextField
              key={treatmentCode}
              label={treatmentName || treatmentCode}
              type="number"
              inputMode="numeric"
              min={0}
              max={20}
              value={count(treatmentCode)}
              onChange={(event) => {
                setCounts((current) => ({ ...current, [treatmentCode]: event.target.value }));
                setQuote(null);
                setProblem(null);
              }}
            />
          ))}
        </div>
        <ChangeFormEnd
          quote={quote}
          currency={order.totals.currency}
          problem={problem}
          words={{
            refused: t('staff.treatments.refused'),
            confirm: t('staff.treatments.confirm'),
            check: t('staff.treatments.check'),
            keep: t('staff.treatments.keep'),
          }}
          checking={checking}
          confirming={change.isPending}
          onKeep={() => setOpen(false)}
        />
      </form>
    </section>
  );
}
