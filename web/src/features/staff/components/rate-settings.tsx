import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { CheckboxField, FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import type { useRoomType, useSeasons } from '@/features/staff/api/rates';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import {
  leastMaxOccupancy,
  ROOM_TYPE_FIELDS,
  roomTypeForm,
  toRoomTypeChange,
  type RoomTypeField,
  type RoomTypeForm,
  type RoomTypeProblem,
} from '@/features/staff/utils/room-type';
import {
  DAY_VALUES,
  emptySeasonRow,
  MAX_NAME,
  MAX_SEASONS,
  MONTH_VALUES,
  moveRow,
  seasonFieldOf,
  seasonRow,
  toSeasonsChange,
  type SeasonField,
  type SeasonProblem,
  type SeasonRow,
} from '@/features/staff/utils/seasons';
import { ApiError } from '@/lib/api-client';
import { monthNames } from '@/lib/i18n/format';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { Translate } from '@/lib/i18n/translate';
import type { RoomTypeSettings, Season } from '@/types/api';

import '@/features/staff/staff.css';

import { DeskStatus } from './desk-status';
import { LastChanged } from './facts';
import { useFocusFirstError } from './use-focus-first-error';

const ACCESS = { login: 'staff.rates.loginNeeded', forbidden: 'staff.rates.forbidden' } as const;

/** What a refused save says for the form as a whole: who may not in the page's words, else the server's. */
function wholeRefusal(error: unknown, t: Translate): string {
  const failure = staffFailure(error);
  if (failure === 'login' || failure === 'forbidden') return t(ACCESS[failure]);
  return failure === 'other' ? t('staff.rates.error') : serverMessage(error);
}


/** A save's outcome: the confirmation (announced), or a refusal of the whole form. */
function Outcome({ done, alert }: { done: string | null; alert: string | null }) {
  return (
    <>
      <div className="staff-rates__status" role="status">
        {done && <p className="staff-notice staff-notice--success">{done}</p>}
      </div>
      {alert && (
        <FormAlert>
          <p>{alert}</p>
        </FormAlert>
      )}
    </>
  );
}

/* The room type. */

const RANGE_WORDS: Record<Exclude<RoomTypeField, 'extraBed'>, MessageKey> = {
  units: 'staff.rates.type.unitsRange',
  occupancy: 'staff.rates.type.occupancyRange',
  maxOccupancy: 'staff.rates.type.maxOccupancyRange',
  minStay: 'staff.rates.type.minStayRange',
  baseRate: 'staff.rates.problem.price',
  weekendRate: 'staff.rates.problem.price',
};

type RoomTypeResource = ReturnType<typeof useRoomType>;

/**
 * The settings of the room type shown: its rooms, its sleepers with the
 * extra bed, its minimum stay and its rates before seasons.
 */
export function RoomTypeSection({ roomName, resource, loginHref }: { roomName: string; resource: RoomTypeResource; loginHref: string }) {
  const { t } = useI18n();
  const headingId = useId();
  const data = resource.query.data;
  return (
    <section className="staff-rates__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.rates.type.heading', { room: roomName })}</h2>
      <p>{t('staff.rates.type.intro')}</p>
      <DeskStatus query={resource.query} loading="staff.rates.type.loading" loadError="staff.rates.type.loadError" words={ACCESS} loginHref={loginHref} />
      {data && (
        <RoomTypeEditor key={data.code} initial={data} roomName={roomName} headingId={headingId} save={resource.save} changed={<LastChanged at={data.updatedAt} by={data.updatedBy} className="staff-rates__changed" />} />
      )}
    </section>
  );
}

function RoomTypeEditor({
  initial,
  roomName,
  headingId,
  changed,
  save,
}: {
  initial: RoomTypeSettings;
  roomName: string;
  headingId: string;
  changed: ReactNode;
  save: RoomTypeResource['save'];
}) {
  const { t, locale } = useI18n();
  const ratesNoteId = useId();
  const [form, setForm] = useState<RoomTypeForm>(() => roomTypeForm(initial, locale));
  const [errors, setErrors] = useState<Partial<Record<RoomTypeField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { form: formRef, focusError } = useFocusFirstError(errors);
  const busy = useRef(false);

  const set = <F extends RoomTypeField>(field: F, value: RoomTypeForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    // The most guests and the extra bed depend on the sleepers: their refusals may no longer hold.
    const also: Partial<Record<RoomTypeField, undefined>> =
      field === 'occupancy' ? { maxOccupancy: undefined, extraBed: undefined } : field === 'maxOccupancy' ? { extraBed: undefined } : {};
    setErrors((current) => ({ ...current, ...also, [field]: undefined }));
  };

  const problemWords = (field: RoomTypeField, problem: RoomTypeProblem): string => {
    if (problem === 'extraBedUnneeded' || field === 'extraBed') return t('staff.rates.type.extraBedUnneeded');
    return t(RANGE_WORDS[field], { min: leastMaxOccupancy(form) });
  };

  /** The fields the server refused, with its words; none when it named none of them. */
  const serverErrors = (error: unknown): Partial<Record<RoomTypeField, string>> => {
    if (!(error instanceof ApiError)) return {};
    // Booked rooms the new number leaves out: the server names the night.
    if (staffFailure(error) === 'refused' && error.code === 'units_needed') return { units: error.message };
    if (staffFailure(error) !== 'invalid') return {};
    const named = error.errors.map((e) => e.field);
    return Object.fromEntries(ROOM_TYPE_FIELDS.filter((field) => named.includes(field)).map((field) => [field, serverMessage(error, field)]));
  };

  const submit = async () => {
    if (busy.current) return;
    setAlert(null);
    setDone(null);
    const checked = toRoomTypeChange(form);
    if ('problems' in checked) {
      focusError();
      const found: Partial<Record<RoomTypeField, string>> = {};
      for (const field of ROOM_TYPE_FIELDS) {
        const problem = checked.problems[field];
        if (problem) found[field] = problemWords(field, problem);
      }
      return setErrors(found);
    }
    busy.current = true;
    try {
      const saved = await save.mutateAsync(checked.change);
      setForm(roomTypeForm(saved, locale));
      setErrors({});
      setDone(t('staff.rates.type.saved', { room: roomName }));
    } catch (error) {
      const named = serverErrors(error);
      if (Object.keys(named).length === 0) return setAlert(wholeRefusal(error, t));
      focusError();
      setErrors(named);
    } finally {
      busy.current = false;
    }
  };

  const number = (field: 'units' | 'occupancy' | 'maxOccupancy' | 'minStay', label: MessageKey, hint: MessageKey) => (
    <TextField
      label={t(label)}
      inputMode="numeric"
      autoComplete="off"
      required
      value={form[field]}
      error={errors[field]}
      hint={t(hint)}
      onChange={(event) => set(field, event.target.value)}
    />
  );
  const money = (field: 'baseRate' | 'weekendRate', label: MessageKey, hint: MessageKey) => (
    <TextField
      label={t(label)}
      inputMode="decimal"
      autoComplete="off"
      required
      value={form[field]}
      error={errors[field]}
      hint={t(hint)}
      onChange={(event) => set(field, event.target.value)}
    />
  );

  return (
    <>
      {changed}
      <Outcome done={done} alert={alert} />
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="form__row">
          {number('units', 'staff.rates.type.units', 'staff.rates.type.unitsHint')}
          {number('minStay', 'staff.rates.type.minStay', 'staff.rates.type.minStayHint')}
        </div>
        <fieldset className="staff-rates__group">
          <legend>{t('staff.rates.type.guests')}</legend>
          <div className="form__row">
            {number('occupancy', 'staff.rates.type.occupancy', 'staff.rates.type.occupancyHint')}
            {number('maxOccupancy', 'staff.rates.type.maxOccupancy', 'staff.rates.type.maxOccupancyHint')}
          </div>
          <CheckboxField label={t('staff.rates.type.extraBed')} checked={form.extraBed} error={errors.extraBed} onChange={(event) => set('extraBed', event.target.checked)} />
        </fieldset>
        <fieldset className="staff-rates__group" aria-describedby={ratesNoteId}>
          <legend>{t('staff.rates.type.rates')}</legend>
          <p id={ratesNoteId} className="staff-rates__note">
            {t('staff.rates.type.ratesNote')}
          </p>
          <div className="form__row">
            {money('baseRate', 'staff.rates.type.baseRate', 'staff.rates.type.baseRateHint')}
            {money('weekendRate', 'staff.rates.type.weekendRate', 'staff.rates.type.weekendRateHint')}
          </div>
        </fieldset>
        <SubmitButton busy={save.isPending} busyLabel={t('staff.rates.saving')}>
          {t('staff.rates.type.save')}
        </SubmitButton>
      </form>
    </>
  );
}

/* The seasons. */

const SEASON_WORDS: Record<SeasonProblem, MessageKey> = {
  nameEmpty: 'staff.rates.seasons.nameEmpty',
  nameLong: 'staff.rates.seasons.nameLong',
  nameTaken: 'staff.rates.seasons.nameTaken',
  dayMissing: 'staff.rates.seasons.dayMissing',
  dayInvalid: 'staff.rates.seasons.dayInvalid',
  percent: 'staff.rates.seasons.percentRange',
};

type SeasonErrors = Partial<Record<SeasonField, string>>;

type SeasonsResource = ReturnType<typeof useSeasons>;

/** The seasons of every room type, in the order they price a night. */
export function SeasonsSection({ resource, loginHref }: { resource: SeasonsResource; loginHref: string }) {
  const { t } = useI18n();
  const headingId = useId();
  const data = resource.query.data;
  return (
    <section className="staff-rates__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.rates.seasons.heading')}</h2>
      <ul className="staff-rates__about">
        <li>{t('staff.rates.seasons.aboutDays')}</li>
        <li>{t('staff.rates.seasons.aboutShare')}</li>
        <li>{t('staff.rates.seasons.aboutOrder')}</li>
        <li>{t('staff.rates.seasons.aboutByHand')}</li>
      </ul>
      <DeskStatus query={resource.query} loading="staff.rates.seasons.loading" loadError="staff.rates.seasons.loadError" words={ACCESS} loginHref={loginHref} />
      {data && <SeasonsEditor initial={data.seasons} headingId={headingId} save={resource.save} changed={<LastChanged at={data.updatedAt} by={data.updatedBy} className="staff-rates__changed" />} />}
    </section>
  );
}

/** Where the keyboard goes once the rows changed: a row's control, or (no row) the button adding one. */
type FocusAfter = { key: number; control: 'up' | 'down' | 'name' } | { key: null };

function SeasonsEditor({
  initial,
  headingId,
  changed,
  save,
}: {
  initial: Season[];
  headingId: string;
  changed: ReactNode;
  save: SeasonsResource['save'];
}) {
  const { t } = useI18n();
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<SeasonRow[]>(() => initial.map((season, index) => seasonRow(season, index)));
  const [errors, setErrors] = useState<Record<number, SeasonErrors>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [moved, setMoved] = useState('');
  const { form: formRef, focusError } = useFocusFirstError(errors);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<FocusAfter | null>(null);
  const busy = useRef(false);

  // Moving or removing a row takes its buttons away from under the keyboard: it follows the row, or goes on.
  useEffect(() => {
    const want = focusAfter.current;
    if (!want) return;
    focusAfter.current = null;
    if (want.key === null) {
      addRef.current?.focus();
      return;
    }
    const row = formRef.current?.querySelector(`[data-season="${want.key}"]`);
    const control = (name: string) => row?.querySelector<HTMLElement>(`[data-control="${name}"]`);
    const target = control(want.control);
    const other = want.control === 'up' ? 'down' : 'up';
    (target?.hasAttribute('disabled') && want.control !== 'name' ? control(other) : target)?.focus();
  }, [rows, formRef]);

  const label = (row: SeasonRow, index: number) => row.name.trim() || t('staff.rates.seasons.season', { number: index + 1 });

  const change = (key: number, patch: Partial<SeasonRow>, field: SeasonField) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors((current) => ({ ...current, [key]: { ...current[key], [field]: undefined } }));
  };

  const add = () => {
    const key = nextKey.current++;
    focusAfter.current = { key, control: 'name' };
    setRows((current) => [...current, emptySeasonRow(key)]);
  };

  const move = (index: number, step: -1 | 1) => {
    const row = rows[index];
    if (!row) return;
    focusAfter.current = { key: row.key, control: step < 0 ? 'up' : 'down' };
    setRows(moveRow(rows, index, step));
    setMoved(t('staff.rates.seasons.moved', { name: label(row, index), number: index + step + 1, count: rows.length }));
  };

  const remove = (index: number) => {
    const row = rows[index];
    if (!row) return;
    const next = rows[index + 1] ?? rows[index - 1];
    focusAfter.current = next ? { key: next.key, control: 'name' } : { key: null };
    setRows(rows.filter((r) => r.key !== row.key));
    setMoved(t('staff.rates.seasons.removed', { name: label(row, index) }));
  };

  /** A refusal on its rows' fields where the server names them (by position in what was sent), the rest for the whole form. */
  const refused = (error: unknown, sentKeys: number[]) => {
    if (!(error instanceof ApiError) || staffFailure(error) !== 'invalid') return setAlert(wholeRefusal(error, t));
    const found: Record<number, SeasonErrors> = {};
    const unplaced: string[] = [];
    for (const fieldError of error.errors) {
      const at = seasonFieldOf(fieldError.field);
      const key = at ? sentKeys[at.index] : undefined;
      if (at && key !== undefined) found[key] = { ...found[key], [at.field]: fieldError.message };
      else unplaced.push(fieldError.message);
    }
    if (unplaced.length > 0) setAlert(unplaced.join(' '));
    focusError();
    setErrors(found);
  };

  const submit = async () => {
    if (busy.current) return;
    setAlert(null);
    setDone(null);
    const checked = toSeasonsChange(rows);
    if ('problems' in checked) {
      if (checked.tooMany) setAlert(t('staff.rates.seasons.tooMany', { max: MAX_SEASONS }));
      focusError();
      const found = rows.map((row, index) => {
        const problems = checked.problems[index] ?? {};
        const words = Object.entries(problems).map(([field, problem]) => [field, t(SEASON_WORDS[problem], { max: MAX_NAME })]);
        return [row.key, Object.fromEntries(words) as SeasonErrors] as const;
      });
      return setErrors(Object.fromEntries(found));
    }
    const sentKeys = rows.map((row) => row.key);
    busy.current = true;
    try {
      const saved = await save.mutateAsync(checked.change);
      // The saved list is the one sent: each row keeps its identity (and the keyboard its place).
      setRows(saved.seasons.map((season, index) => seasonRow(season, sentKeys[index] ?? nextKey.current++)));
      setErrors({});
      setDone(t('staff.rates.seasons.saved'));
    } catch (error) {
      refused(error, sentKeys);
    } finally {
      busy.current = false;
    }
  };

  return (
    <>
      {changed}
      <Outcome done={done} alert={alert} />
      <p className="sr-only" aria-live="polite">
        {moved}
      </p>
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {rows.length === 0 && <p className="staff-rates__note">{t('staff.rates.seasons.none')}</p>}
        {rows.length > 0 && (
          <ol className="staff-rates__seasons">
            {rows.map((row, index) => (
              <li key={row.key} data-season={row.key}>
                <SeasonFields
                  row={row}
                  number={index + 1}
                  label={label(row, index)}
                  errors={errors[row.key] ?? {}}
                  first={index === 0}
                  last={index === rows.length - 1}
                  onChange={(patch, field) => change(row.key, patch, field)}
                  onMove={(step) => move(index, step)}
                  onRemove={() => remove(index)}
                />
              </li>
            ))}
          </ol>
        )}
        <div className="staff-rates__actions">
          <button ref={addRef} type="button" className="button button--secondary" disabled={rows.length >= MAX_SEASONS} onClick={add}>
            {t('staff.rates.seasons.add')}
          </button>
          {rows.length >= MAX_SEASONS && <p className="staff-rates__note">{t('staff.rates.seasons.full', { max: MAX_SEASONS })}</p>}
        </div>
        <SubmitButton busy={save.isPending} busyLabel={t('staff.rates.saving')}>
          {t('staff.rates.seasons.save')}
        </SubmitButton>
      </form>
    </>
  );
}

/** One season's fields with its place in the list: moved up or down, or removed. */
function SeasonFields({
  row,
  number,
  label,
  errors,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: {
  row: SeasonRow;
  number: number;
  /** Its name, or its number while it has none (for its buttons' names). */
  label: string;
  errors: SeasonErrors;
  first: boolean;
  last: boolean;
  onChange: (patch: Partial<SeasonRow>, field: SeasonField) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const whose = <span className="sr-only">: {label}</span>;
  return (
    <fieldset className="staff-rates__group staff-rates__season">
      <legend>{t('staff.rates.seasons.season', { number })}</legend>
      <TextField
        label={t('staff.rates.seasons.name')}
        autoComplete="off"
        required
        maxLength={MAX_NAME}
        value={row.name}
        error={errors.name}
        data-control="name"
        onChange={(event) => onChange({ name: event.target.value }, 'name')}
      />
      <div className="staff-rates__days">
        <DayField
          label={t('staff.rates.seasons.from')}
          month={row.fromMonth}
          day={row.fromDay}
          error={errors.from}
          onMonth={(fromMonth) => onChange({ fromMonth }, 'from')}
          onDay={(fromDay) => onChange({ fromDay }, 'from')}
        />
        <DayField
          label={t('staff.rates.seasons.to')}
          month={row.toMonth}
          day={row.toDay}
          error={errors.to}
          onMonth={(toMonth) => onChange({ toMonth }, 'to')}
          onDay={(toDay) => onChange({ toDay }, 'to')}
        />
      </div>
      <TextField
        label={t('staff.rates.seasons.percent')}
        inputMode="numeric"
        autoComplete="off"
        required
        value={row.percent}
        error={errors.multiplierPercent}
        hint={t('staff.rates.seasons.percentHint')}
        onChange={(event) => onChange({ percent: event.target.value }, 'multiplierPercent')}
      />
      <div className="staff-rates__actions">
        <button type="button" className="button button--secondary button--small" data-control="up" disabled={first} onClick={() => onMove(-1)}>
          {t('staff.rates.seasons.moveUp')}
          {whose}
        </button>
        <button type="button" className="button button--secondary button--small" data-control="down" disabled={last} onClick={() => onMove(1)}>
          {t('staff.rates.seasons.moveDown')}
          {whose}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={onRemove}>
          {t('staff.rates.seasons.remove')}
          {whose}
        </button>
      </div>
    </fieldset>
  );
}

/** A day of the year: a month and a day chosen (no order of day and month to guess), its error read with both. */
function DayField({
  label,
  month,
  day,
  error,
  onMonth,
  onDay,
}: {
  label: string;
  month: string;
  day: string;
  error?: string;
  onMonth: (month: string) => void;
  onDay: (day: string) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const errorId = `${id}-error`;
  const months = monthNames(locale);
  const control = {
    className: 'field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={error ? 'field staff-rates__day field--invalid' : 'field staff-rates__day'} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <div className="staff-rates__day-parts">
        <label className="staff-rates__day-part staff-rates__day-part--month">
          <span>{t('staff.rates.seasons.month')}</span>
          <select {...control} value={month} onChange={(event) => onMonth(event.target.value)}>
            <option value="">{t('staff.rates.seasons.choose')}</option>
            {MONTH_VALUES.map((value, index) => (
              <option key={value} value={value}>
                {months[index]}
              </option>
            ))}
          </select>
        </label>
        <label className="staff-rates__day-part">
          <span>{t('staff.rates.seasons.day')}</span>
          <select {...control} value={day} onChange={(event) => onDay(event.target.value)}>
            <option value="">{t('staff.rates.seasons.choose')}</option>
            {DAY_VALUES.map((value) => (
              <option key={value} value={value}>
                {Number(value)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
