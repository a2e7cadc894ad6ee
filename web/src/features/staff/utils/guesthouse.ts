/**
 * The guesthouse's details as the settings page types them
 * (`/backend/settings`), checked the way the content service checks them
 * (services/content/src/domain/settings.rs: single lines trimmed, lengths
 * in characters, Polish required where a text is, the phones' and e-mail
 * addresses' shapes, `HH:MM` hours closing after they open, the position's
 * ranges) and turned into the PUT's body. The form's fields are the
 * server's names with `.0` for `[0]` (`phones.1.number` for
 * `phones[1].number`), so that a refusal lands where the page's own check does.
 */
import * as z from 'zod/mini';

import type { Translate } from '@/lib/i18n/translate';
import { isPhone, isValidEmail, MAX_PHONE } from '@/lib/rules/fields';
import type { DeskSettings, GuesthouseDetails, SettingsTexts } from '@/types/api';

import { TEXT_LANGUAGES, type TextLanguage } from './products';

export const MAX_PHONES = 6;
export const MAX_HOURS = 7;

/** The most characters of each text (the server's limits). */
export const GUESTHOUSE_LIMITS = {
  name: 120,
  street: 120,
  postcode: 20,
  city: 80,
  country: 60,
  label: 40,
  place: 120,
  days: 40,
  note: 300,
} as const;

export type TextsValues = Record<TextLanguage, string>;
export type PhoneValues = { label: TextsValues; number: string };
export type HoursValues = { days: TextsValues; from: string; to: string };
export type DeskValues = { place: TextsValues; phone: string; email: string; hours: HoursValues[]; note: TextsValues };

/** The form's values as typed; the position as its inputs give it. */
export type GuesthouseValues = {
  name: string;
  street: string;
  postcode: string;
  city: string;
  country: TextsValues;
  phones: PhoneValues[];
  reception: DeskValues;
  office: DeskValues;
  latitude: string;
  longitude: string;
};

export type DeskName = 'reception' | 'office';

const textsValues = (texts: SettingsTexts | undefined): TextsValues => ({ pl: texts?.pl ?? '', de: texts?.de ?? '', en_GB: texts?.en_GB ?? '' });

export const emptyTexts = (): TextsValues => textsValues(undefined);
export const emptyPhone = (): PhoneValues => ({ label: emptyTexts(), number: '' });
export const emptyHours = (): HoursValues => ({ days: emptyTexts(), from: '', to: '' });

const deskValues = (desk: DeskSettings): DeskValues => ({
  place: textsValues(desk.place),
  phone: desk.phone ?? '',
  email: desk.email ?? '',
  hours: (desk.hours ?? []).map((hours) => ({ days: textsValues(hours.days), from: hours.from, to: hours.to })),
  note: textsValues(desk.note),
});

/** The form of the details as the server has them. */
export const guesthouseValues = (details: GuesthouseDetails): GuesthouseValues => ({
  name: details.name,
  street: details.street,
  postcode: details.postcode,
  city: details.city,
  country: textsValues(details.country),
  phones: details.phones.map((phone) => ({ label: textsValues(phone.label), number: phone.number })),
  reception: deskValues(details.reception),
  office: deskValues(details.office),
  latitude: String(details.latitude),
  longitude: String(details.longitude),
});

/** Characters as the server counts them (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isTime = (text: string) => TIME.test(text);

/** A number within `-limit..limit`, as a number input gives it (`52.46`, `-3`). */
const inRange = (text: string, limit: number) => {
  const value = Number(text);
  return text !== '' && Number.isFinite(value) && Math.abs(value) <= limit;
};

/**
 * The rules, with the page's messages. Each single line is trimmed before it
 * is checked (and sent): the server saves it trimmed.
 */
export function guesthouseSchema(t: Translate) {
  const tooLong = (max: number) => z.refine<string>((text) => length(text) <= max, { error: t('staff.settings.guesthouse.problem.tooLong', { max }) });
  const line = (max: number) =>
    z.string().check(z.trim(), z.refine((text) => text !== '', { error: t('staff.settings.guesthouse.problem.required') }), tooLong(max));
  const optional = (max: number) => z.string().check(z.trim(), tooLong(max));
  /** Polish when `required`; each language at most `max`. */
  const texts = (max: number, required: boolean) =>
    z.object({
      pl: required ? z.string().check(z.trim(), z.refine((text) => text !== '', { error: t('staff.settings.guesthouse.problem.polish') }), tooLong(max)) : optional(max),
      de: optional(max),
      en_GB: optional(max),
    });
  const phone = (required: boolean) =>
    z.string().check(
      z.trim(),
      z.refine((text) => (!required && text === '') || (isPhone(text) && length(text) <= MAX_PHONE), { error: t('staff.settings.guesthouse.problem.phone') }),
    );
  const time = z.string().check(z.trim(), z.refine(isTime, { error: t('staff.settings.guesthouse.problem.time') }));
  const hours = z
    .object({ days: texts(GUESTHOUSE_LIMITS.days, true), from: time, to: time })
    .check(z.refine((h) => !isTime(h.from) || !isTime(h.to) || h.from < h.to, { error: t('staff.settings.guesthouse.problem.timeOrder'), path: ['to'] }));
  const desk = (emailRequired: boolean) =>
    z.object({
      place: texts(GUESTHOUSE_LIMITS.place, false),
      phone: phone(false),
      email: z.string().check(
        z.trim(),
        z.refine((text) => !emailRequired || text !== '', { error: t('staff.settings.guesthouse.problem.emailRequired') }),
        z.refine((text) => text === '' || isValidEmail(text), { error: t('staff.settings.guesthouse.problem.email') }),
      ),
      hours: z.array(hours).check(z.maxLength(MAX_HOURS, { error: t('staff.settings.guesthouse.problem.tooManyHours', { max: MAX_HOURS }) })),
      note: texts(GUESTHOUSE_LIMITS.note, false),
    });
  const position = (limit: number, problem: 'latitude' | 'longitude') =>
    z.string().check(z.trim(), z.refine((text) => inRange(text, limit), { error: t(`staff.settings.guesthouse.problem.${problem}`) }));
  return z.object({
    name: line(GUESTHOUSE_LIMITS.name),
    street: line(GUESTHOUSE_LIMITS.street),
    postcode: line(GUESTHOUSE_LIMITS.postcode),
    city: line(GUESTHOUSE_LIMITS.city),
    country: texts(GUESTHOUSE_LIMITS.country, true),
    phones: z
      .array(z.object({ label: texts(GUESTHOUSE_LIMITS.label, true), number: phone(true) }))
      .check(z.maxLength(MAX_PHONES, { error: t('staff.settings.guesthouse.problem.tooManyPhones', { max: MAX_PHONES }) })),
    reception: desk(true),
    office: desk(false),
    latitude: position(90, 'latitude'),
    longitude: position(180, 'longitude'),
  });
}

/** The PUT's body of values the schema passed (trimmed): every field, the position as numbers. */
export const toGuesthouseDetails = (values: GuesthouseValues): GuesthouseDetails => ({
  ...values,
  latitude: Number(values.latitude),
  longitude: Number(values.longitude),
});

type TextsOfForm = Pick<GuesthouseValues, 'country' | 'phones' | 'reception' | 'office'>;

/** Every text of the form in three languages. */
function allTexts(values: TextsOfForm): TextsValues[] {
  const desk = (d: DeskValues) => [d.place, d.note, ...d.hours.map((h) => h.days)];
  return [values.country, ...values.phones.map((p) => p.label), ...desk(values.reception), ...desk(values.office)];
}

/** Whether a text is missing in a language: Polish given, the language's not (its guests see the Polish). */
export const isMissing = (texts: TextsValues, language: TextLanguage): boolean =>
  language !== 'pl' && texts.pl.trim() !== '' && texts[language].trim() === '';

/** The optional languages some text is missing in. */
export const missingLanguages = (values: TextsOfForm): TextLanguage[] =>
  TEXT_LANGUAGES.filter((language) => allTexts(values).some((texts) => isMissing(texts, language)));

/** The server's name of a field of the form: `phones.1.number` is `phones[1].number`. */
export const serverField = (field: string): string => field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/**
 * The form's fields (each input's name) by the server's names of them: a
 * refusal naming one of them is shown at its input, another (a list as a
 * whole) for the whole form.
 */
export function guesthouseFields(values: GuesthouseValues): Record<string, string> {
  const fields: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') fields[path] = serverField(path);
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}.${index}`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
  };
  walk(values, '');
  return fields;
}
