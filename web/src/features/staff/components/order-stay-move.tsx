import { useId, useRef, useState } from 'react';

import { TextField } from '@/components/ui/form-fields';
import { useBoard } from '@/features/staff/api/get-board';
import { stayQuote, useMoveStay } from '@/features/staff/api/desk-money';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem, ChangeQuote, StaffOrder, StayWanted } from '@/types/api';

import { ChangeFormEnd } from './change-quote';

type Props = {
  order: StaffOrder;
  code: string;
  /** A reservation line that has not begun. */
  line: CartItem;
  onMoved: (message: string) => void;
};

const GUESTS = { adults: [1, 2], children: [0, 1, 2], babies: [0, 1, 2] } as const;

/**
 * "Change the stay…" of one reservation: other dates, another room type or
 * other guests. The desk checks the change first (the server prices it and
 * says whether the nights are free, keeping nothing), then moves it on the
 * order's version the check was made on: a change meanwhile is refused and
 * the order shown afresh. Any edit after a check asks for a new one.
 */
export function OrderStayMove({ order, code, line, onMoved }: Props) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const initial: StayWanted = {
    roomCode: line.code,
    checkIn: line.dateFrom ?? '',
    checkOut: line.dateTo ?? '',
    adults: line.adults ?? 2,
    children: line.children ?? 0,
    babies: line.babies ?? 0,
  };
  const [stay, setStay] = useState<StayWanted>(initial);
  const [quote, setQuote] = useState<ChangeQuote | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const move = useMoveStay(code, locale);
  const sending = useRef(false);
  const rooms = useBoard(stay.checkIn || initial.checkIn, 1, locale);
  const room = line.product?.name ?? line.code;

  const edit = (change: Partial<StayWanted>) => {
    setStay((current) => ({ ...current, ...change }));
    setQuote(null);
    setProblem(null);
  };

  const failure = (error: unknown) => (staffFailure(error) === 'other' ? t('staff.stay.error') : serverMessage(error));

  const check = async () => {
    setChecking(true);
    setProblem(null);
    try {
      setQuote(await stayQuote(code, line.id, locale, stay));
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
      await move.mutateAsync({ id: line.id, move: { ...stay, version: quote.version } });
      setOpen(false);
      setQuote(null);
      onMoved(t('staff.stay.done', { code: order.bookingCode }));
    } catch (error) {
      // A refusal (409) reloads the order: the next check is made on it.
      setQuote(null);
      setProblem(failure(error));
    } finally {
      sending.current = false;
    }
  };

  if (!open) {
    return (
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setStay(initial);
            setOpen(true);
          }}
        >
          {t('staff.stay.open', { room })}
        </button>
      </p>
    );
  }
  const number = (field: keyof typeof GUESTS) => (
    <div className="field form-field">
      <label className="field__label" htmlFor={`${headingId}-${field}`}>
        {t(`staff.stay.${field}`)}
      </label>
      <select
        id={`${headingId}-${field}`}
        className="field__control"
        value={stay[field]}
        onChange={(event) => edit({ [field]: Number(event.target.value) })}
      >
        {GUESTS[field].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
  const roomOptions = rooms.data?.rooms ?? [];
  return (
    <section className="staff-cancel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.stay.heading', { room })}</h3>
      <form
        className="form"
        aria-labelledby={headingId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void (quote ? confirm() : check());
        }}
      >
        <div className="field form-field">
          <label className="field__label" htmlFor={`${headingId}-room`}>
            {t('staff.stay.room')}
          </label>
          <select
            id={`${headingId}-room`}
            className="field__control"
            value={stay.roomCode}
            onChange={(event) => edit({ roomCode: event.target.value })}
          >
            {!roomOptions.some((r) => r.code === stay.roomCode) && <option value={stay.roomCode}>{room}</option>}
            {roomOptions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('staff.stay.checkIn')}
          type="date"
          value={stay.checkIn}
          onChange={(event) => edit({ checkIn: event.target.value })}
        />
        <TextField
          label={t('staff.stay.checkOut')}
          type="date"
          value={stay.checkOut}
          onChange={(event) => edit({ checkOut: event.target.value })}
        />
        <div className="staff-stay__guests">
          {number('adults')}
          {number('children')}
          {number('babies')}
        </div>
        <ChangeFormEnd
          quote={quote}
          currency={order.totals.currency}
          problem={problem}
          words={{
            refused: t('staff.stay.refused'),
            confirm: t('staff.stay.confirm'),
            check: t('staff.stay.check'),
            keep: t('staff.stay.keep'),
          }}
          checking={checking}
          confirming={move.isPending}
          onKeep={() => setOpen(false)}
        />
      </form>
    </section>
  );
}
