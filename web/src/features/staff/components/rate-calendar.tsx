import { useEffect, useId, useRef, useState } from 'react';

import { FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import { useBoard } from '@/features/staff/api/get-board';
import { fetchNightsRange, useNights, useRoomType, useSeasons, useSetNights } from '@/features/staff/api/rates';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { ApiError } from '@/lib/api-client';
import {
  emptyNightsForm,
  monthRange,
  previewChange,
  PROBLEM_FIELD,
  shiftMonth,
  toChange,
  type FormProblem,
  type NightDifference,
  type NightsForm,
  type PreviewNight,
  type Switch,
} from '@/features/staff/utils/rates';
import { formatLongDate, formatMoney, formatMonthYear, weekdayNames } from '@/lib/i18n/format';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { NightsChange, RoomNight } from '@/types/api';
import { addDays, todayIso, weekdayOf } from '@/utils/calendar-date';

import '@/features/staff/staff.css';

import { DeskStatus, deskFailure } from './desk-status';
import { RoomTypeSection, SeasonsSection } from './rate-settings';

const ACCESS = { login: 'staff.rates.loginNeeded', forbidden: 'staff.rates.forbidden' } as const;

const PROBLEM_WORDS: Record<FormProblem, MessageKey> = {
  first: 'staff.rates.problem.first',
  last: 'staff.rates.problem.last',
  past: 'staff.rates.problem.past',
  tooLong: 'staff.rates.problem.tooLong',
  nothing: 'staff.rates.problem.nothing',
  price: 'staff.rates.problem.price',
  minStay: 'staff.rates.problem.stay',
  maxStay: 'staff.rates.problem.stay',
  maxBelowMin: 'staff.rates.problem.maxBelowMin',
  outOfOrder: 'staff.rates.problem.outOfOrder',
  noNights: 'staff.rates.problem.noNights',
};

/** The server's field names, by the form's. */
const SERVER_FIELDS: Partial<Record<keyof NightsForm, string>> = {
  first: 'from',
  last: 'to',
  weekdays: 'weekdays',
  price: 'price',
  minStay: 'minStay',
  maxStay: 'maxStay',
  outOfOrder: 'outOfOrder',
};

const SETTING_WORDS: Record<NightDifference['field'], MessageKey> = {
  price: 'staff.rates.price',
  minStay: 'staff.rates.minStay',
  maxStay: 'staff.rates.maxStay',
  closedToArrival: 'staff.rates.closedToArrival',
  closedToDeparture: 'staff.rates.closedToDeparture',
  closed: 'staff.rates.closed',
  outOfOrder: 'staff.rates.outOfOrder',
};

type Props = {
  /** The room type shown (the page's `?room=`); '' for the first. */
  room: string;
  /** The month shown, `YYYY-MM` (the page's `?month=`); '' for this month. */
  month: string;
  onShow: (next: { room: string; month: string }) => void;
  loginHref: string;
};

/**
 * The rate calendar (`/backend/rates`, administrators): a room type's month
 * night by night (price, minimum and maximum stay of arrivals, closed to
 * arrival or departure, closed, units out of order and free), and a change
 * of a range of nights (some weekdays of it) previewed night by night
 * before it is set; the room type's settings and rates before seasons,
 * and the seasons of every room type. Guests' searches obey it at once.
 */
export function RateCalendar({ room, month, onShow, loginHref }: Props) {
  const { t, locale } = useI18n();
  const today = todayIso();
  const shown = monthRange(month) ? month : today.slice(0, 7);
  const range = monthRange(shown) ?? { from: today, to: addDays(today, 30) };
  // The room types, read once: the nights below are the page's own query.
  const rooms = useBoard(today, 1, locale, false);
  const roomList = rooms.data?.rooms ?? [];
  const code = roomList.some((r) => r.code === room) ? room : (roomList[0]?.code ?? '');
  const nights = useNights(code, range.from, range.to, locale);
  const roomType = useRoomType(code, locale);
  const seasons = useSeasons(locale);
  // Whichever call is refused first for who is asking: the page says so once, and shows nothing else.
  const denied = [rooms, nights, roomType.query, seasons.query].find((query) => {
    const refused = deskFailure(query);
    return refused === 'login' || refused === 'forbidden';
  });
  const failure = deskFailure(denied ?? rooms) ?? deskFailure(nights);
  const access = failure === 'login' || failure === 'forbidden';
  const roomId = useId();
  const captionId = useId();
  const weekdays = weekdayNames(locale, 'short');
  const data = failure ? undefined : nights.data;
  const name = roomList.find((r) => r.code === code)?.name ?? code;

  return (
    <div className="staff-desk staff-rates">
      <DeskStatus
        query={denied ?? (rooms.isPending || deskFailure(rooms) ? rooms : nights)}
        loading="staff.rates.loading"
        loadError="staff.rates.loadError"
        words={ACCESS}
        loginHref={loginHref}
      />
      {!access && roomList.length > 0 && (
        <div className="staff-board__controls">
          <div className="field">
            <label className="field__label" htmlFor={roomId}>
              {t('staff.rates.room')}
            </label>
            <select id={roomId} className="field__control" value={code} onChange={(event) => onShow({ room: event.target.value, month: shown })}>
              {roomList.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </select>
          </div>
          <div className="staff-rates__months" role="group" aria-label={t('staff.rates.months')}>
            <button type="button" className="button button--secondary" onClick={() => onShow({ room: code, month: shiftMonth(shown, -1) })}>
              {t('staff.rates.previous')}
            </button>
            <span className="staff-rates__month" aria-live="polite">
              {formatMonthYear(range.from, locale)}
            </span>
            <button type="button" className="button button--secondary" onClick={() => onShow({ room: code, month: shiftMonth(shown, 1) })}>
              {t('staff.rates.next')}
            </button>
          </div>
        </div>
      )}
      {data && (
        <div className="staff-board__scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
          <table className="staff-board__table staff-rates__table" aria-busy={nights.isFetching}>
            <caption id={captionId}>{t('staff.rates.caption', { room: name, month: formatMonthYear(range.from, locale) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.rates.night')}</th>
                <th scope="col">{t('staff.rates.price')}</th>
                <th scope="col">{t('staff.rates.stay')}</th>
                <th scope="col">{t('staff.rates.rules')}</th>
                <th scope="col">{t('staff.rates.units')}</th>
              </tr>
            </thead>
            <tbody>
              {data.nights.map((night) => (
                <NightRow key={night.date} night={night} weekdays={weekdays} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!access && code !== '' && <RoomTypeSection key={code} roomName={name} resource={roomType} loginHref={loginHref} />}
      {data && (
        <NightsEditor key={`${code}:${shown}`} room={code} roomName={name} units={data.units} first={range.from < today ? today : range.from} last={addDays(range.to, -1)} />
      )}
      {!access && <SeasonsSection resource={seasons} loginHref={loginHref} />}
    </div>
  );
}

/** A night of the month; `weekdays`: their short names from Monday. */
function NightRow({ night, weekdays }: { night: RoomNight; weekdays: string[] }) {
  const { t, locale } = useI18n();
  const weekday = (weekdayOf(night.date) + 6) % 7;
  const rules = [
    night.closed && t('staff.rates.closed'),
    night.closedToArrival && t('staff.rates.noArrival'),
    night.closedToDeparture && t('staff.rates.noDeparture'),
  ].filter(Boolean);
  return (
    <tr className={night.closed ? 'staff-rates__night--closed' : undefined}>
      <th scope="row" className={weekday >= 5 ? 'staff-board__weekend' : undefined}>
        <span aria-hidden="true">
          <span className="staff-board__weekday">{weekdays[weekday]}</span>
          {Number(night.date.slice(8))}
        </span>
        <span className="sr-only">{formatLongDate(night.date, locale)}</span>
      </th>
      <td>
        {formatMoney(night.price, 'PLN', locale)}
        {night.priceSet && <span className="staff-board__taken">{t('staff.rates.priceSet')}</span>}
      </td>
      <td>
        {night.maxStay > 0
          ? t('staff.rates.stayRange', { min: Math.max(night.minStay, 1), max: night.maxStay })
          : t('staff.rates.stayFrom', { min: Math.max(night.minStay, 1) })}
      </td>
      <td>{rules.length > 0 ? rules.join(', ') : '–'}</td>
      <td>
        {t('staff.rates.free', { free: night.free, units: night.units })}
        {night.outOfOrder > 0 && <span className="staff-board__taken">{t('staff.rates.outOfOrderCount', { count: night.outOfOrder })}</span>}
      </td>
    </tr>
  );
}

type Stage = { kind: 'edit' } | { kind: 'preview'; change: NightsChange; nights: PreviewNight[] };

/** A change of a range of nights: typed, previewed night by night, then set. */
function NightsEditor({ room, roomName, units, first, last }: { room: string; roomName: string; units: number; first: string; last: string }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const [form, setForm] = useState<NightsForm>(() => emptyNightsForm(first, last));
  const [errors, setErrors] = useState<Partial<Record<keyof NightsForm, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'edit' });
  const [checking, setChecking] = useState(false);
  const busy = useRef(false);
  const save = useSetNights(room, locale);
  const weekdays = weekdayNames(locale, 'long');

  const set = <K extends keyof NightsForm>(field: K, value: NightsForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setStage({ kind: 'edit' });
  };

  /** A refusal in the page: on its field when the server names one. */
  const refused = (error: unknown) => {
    if (staffFailure(error) === 'other') return setAlert(t('staff.rates.error'));
    const named = error instanceof ApiError ? error.errors.map((e) => e.field) : [];
    const field = (Object.keys(SERVER_FIELDS) as (keyof NightsForm)[]).find((key) => named.includes(SERVER_FIELDS[key] ?? ''));
    if (field) setErrors({ [field]: serverMessage(error, SERVER_FIELDS[field]) });
    else setAlert(serverMessage(error));
  };

  const preview = async () => {
    if (busy.current) return;
    setAlert(null);
    setDone(null);
    const checked = toChange(form, todayIso(), units);
    if ('problem' in checked) {
      const field = PROBLEM_FIELD[checked.problem];
      const words = t(PROBLEM_WORDS[checked.problem], { units });
      return field ? setErrors({ [field]: words }) : setAlert(words);
    }
    busy.current = true;
    setChecking(true);
    try {
      const nights = await fetchNightsRange(room, checked.change.from, checked.change.to, locale);
      setStage({ kind: 'preview', change: checked.change, nights: previewChange(nights, checked.change) });
    } catch (error) {
      refused(error);
    } finally {
      busy.current = false;
      setChecking(false);
    }
  };

  const apply = async (change: NightsChange, count: number) => {
    if (busy.current) return;
    busy.current = true;
    setAlert(null);
    try {
      await save.mutateAsync(change);
      setStage({ kind: 'edit' });
      setDone(t('staff.rates.saved', { count, room: roomName }));
    } catch (error) {
      setStage({ kind: 'edit' });
      refused(error);
    } finally {
      busy.current = false;
    }
  };

  const switchField = (field: 'closedToArrival' | 'closedToDeparture' | 'closed') => (
    <SwitchField label={t(SETTING_WORDS[field])} value={form[field]} onChange={(value) => set(field, value)} />
  );

  return (
    <section className="staff-rates__edit" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.rates.editHeading')}</h2>
      <p>{t('staff.rates.editIntro')}</p>
      <div role="status">{done && <p className="staff-notice staff-notice--success">{done}</p>}</div>
      {alert && (
        <FormAlert>
          <p>{alert}</p>
        </FormAlert>
      )}
      <form
        className="form"
        noValidate
        aria-label={t('staff.rates.editHeading')}
        onSubmit={(event) => {
          event.preventDefault();
          void preview();
        }}
      >
        <div className="form__row">
          <TextField label={t('staff.rates.first')} type="date" required value={form.first} error={errors.first} onChange={(e) => set('first', e.target.value)} />
          <TextField label={t('staff.rates.last')} type="date" required value={form.last} error={errors.last} onChange={(e) => set('last', e.target.value)} />
        </div>
        <fieldset className="staff-rates__weekdays" aria-describedby={errors.weekdays ? `${headingId}-weekdays` : undefined}>
          <legend>{t('staff.rates.weekdays')}</legend>
          {weekdays.map((day, index) => (
            <label key={day} className="staff-rates__weekday">
              <input
                type="checkbox"
                checked={form.weekdays.includes(index + 1)}
                onChange={(event) =>
                  set('weekdays', event.target.checked ? [...form.weekdays, index + 1] : form.weekdays.filter((d) => d !== index + 1))
                }
              />{' '}
              {day}
            </label>
          ))}
          {errors.weekdays && (
            <p id={`${headingId}-weekdays`} className="field__error">
              {errors.weekdays}
            </p>
          )}
        </fieldset>
        <div className="form__row">
          <TextField label={t('staff.rates.priceField')} inputMode="decimal" autoComplete="off" value={form.price} error={errors.price} hint={t('staff.rates.leaveEmpty')} onChange={(e) => set('price', e.target.value)} />
          <TextField label={t('staff.rates.outOfOrder')} inputMode="numeric" autoComplete="off" value={form.outOfOrder} error={errors.outOfOrder} hint={t('staff.rates.outOfOrderHint', { units })} onChange={(e) => set('outOfOrder', e.target.value)} />
        </div>
        <div className="form__row">
          <TextField label={t('staff.rates.minStay')} inputMode="numeric" autoComplete="off" value={form.minStay} error={errors.minStay} hint={t('staff.rates.minStayHint')} onChange={(e) => set('minStay', e.target.value)} />
          <TextField label={t('staff.rates.maxStay')} inputMode="numeric" autoComplete="off" value={form.maxStay} error={errors.maxStay} hint={t('staff.rates.maxStayHint')} onChange={(e) => set('maxStay', e.target.value)} />
        </div>
        <div className="form__row">
          {switchField('closedToArrival')}
          {switchField('closedToDeparture')}
          {switchField('closed')}
        </div>
        <SubmitButton busy={checking} busyLabel={t('staff.rates.checking')}>
          {t('staff.rates.preview')}
        </SubmitButton>
      </form>
      {stage.kind === 'preview' && <Preview nights={stage.nights} busy={save.isPending} onApply={() => void apply(stage.change, stage.nights.length)} onBack={() => setStage({ kind: 'edit' })} />}
    </section>
  );
}

function SwitchField({ label, value, onChange }: { label: string; value: Switch; onChange: (value: Switch) => void }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div className="field form-field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__control form-field__input" value={value} onChange={(event) => onChange(event.target.value as Switch)}>
        <option value="">{t('staff.rates.unchanged')}</option>
        <option value="yes">{t('staff.rates.yes')}</option>
        <option value="no">{t('staff.rates.no')}</option>
      </select>
    </div>
  );
}

/** The nights a change alters, each with what from and to; set all of them or go back. */
function Preview({ nights, busy, onApply, onBack }: { nights: PreviewNight[]; busy: boolean; onApply: () => void; onBack: () => void }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  // The preview replaces the button that asked for it: the keyboard goes on from its heading.
  useEffect(() => section.current?.focus(), []);
  const value = (field: NightDifference['field'], v: number | boolean) => {
    if (typeof v === 'boolean') return t(v ? 'staff.rates.yes' : 'staff.rates.no');
    if (field === 'price') return formatMoney(v, 'PLN', locale);
    return String(v);
  };
  return (
    <section className="staff-rates__preview" aria-labelledby={headingId} tabIndex={-1} ref={section}>
      <h3 id={headingId}>{nights.length === 0 ? t('staff.rates.previewNone') : t('staff.rates.previewHeading', { count: nights.length })}</h3>
      {nights.length > 0 && (
        <ul className="staff-rates__changes">
          {nights.map((night) => (
            <li key={night.date}>
              <strong>{formatLongDate(night.date, locale)}</strong>:{' '}
              {night.differences
                .map((d) => t('staff.rates.difference', { what: t(SETTING_WORDS[d.field]), before: value(d.field, d.before), after: value(d.field, d.after) }))
                .join('; ')}
            </li>
          ))}
        </ul>
      )}
      <div className="staff-rates__actions">
        {nights.length > 0 && (
          <button type="button" className="button" disabled={busy} onClick={onApply}>
            {t('staff.rates.apply', { count: nights.length })}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('staff.rates.back')}
        </button>
      </div>
    </section>
  );
}

