/**
 * An in-memory stand-in for the guesthouse's details as administrators set
 * them (GET/PUT /backend/settings/guesthouse, gateway/src/routes/guesthouse.rs
 * over services/content/src/domain/settings.rs): 401 without a session, 403
 * without `admin`, 400 without the script marker on a save or for a field
 * missing from the body (named), 422 `invalid_settings` naming each broken
 * rule it checks (the lines' and texts' lengths with Polish required, the
 * phones' and e-mail addresses' shapes, `HH:MM` hours closing after they
 * open, the position's ranges); what it keeps comes with who saved it.
 * Every request is recorded. Use its `handlers` with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';

import { isPhone, isValidEmail, MAX_PHONE } from '@/lib/rules/fields';
import type { Customer, DeskSettings, GuesthouseDetails, GuesthouseSettings, SettingsTexts } from '@/types/api';

import { guesthouseDetails } from './fixtures';

import { apiPath } from './handlers';
import { recordRequest, type RecordedRequest } from './recorded-request';

export const GUESTHOUSE_SAVED_AT = '2027-05-03T12:00:00Z';

const REQUIRED = ['name', 'street', 'postcode', 'city', 'country', 'phones', 'reception', 'office', 'latitude', 'longitude'] as const;

const chars = (text: string) => [...text.trim()].length;
const isTime = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** The fields a body breaks a rule of, by the API's names (services/content/src/domain/settings.rs). */
export function guesthouseViolations(details: GuesthouseDetails): string[] {
  const wrong: string[] = [];
  const line = (field: string, text: string, min: number, max: number) => {
    if (chars(text) < min || chars(text) > max) wrong.push(field);
  };
  const many = (field: string, value: SettingsTexts | undefined, required: boolean, max: number) => {
    line(`${field}.pl`, value?.pl ?? '', required ? 1 : 0, max);
    line(`${field}.de`, value?.de ?? '', 0, max);
    line(`${field}.en_GB`, value?.en_GB ?? '', 0, max);
  };
  const phone = (text: string) => isPhone(text) && chars(text) <= MAX_PHONE;
  const desk = (field: string, value: DeskSettings) => {
    many(`${field}.place`, value.place, false, 120);
    if (value.phone && !phone(value.phone)) wrong.push(`${field}.phone`);
    if (value.email && !isValidEmail(value.email)) wrong.push(`${field}.email`);
    if ((value.hours ?? []).length > 7) wrong.push(`${field}.hours`);
    (value.hours ?? []).forEach((hours, index) => {
      const at = `${field}.hours[${index}]`;
      many(`${at}.days`, hours.days, true, 40);
      if (!isTime(hours.from)) wrong.push(`${at}.from`);
      if (!isTime(hours.to) || (isTime(hours.from) && hours.to <= hours.from)) wrong.push(`${at}.to`);
    });
    many(`${field}.note`, value.note, false, 300);
  };
  line('name', details.name, 1, 120);
  line('street', details.street, 1, 120);
  line('postcode', details.postcode, 1, 20);
  line('city', details.city, 1, 80);
  many('country', details.country, true, 60);
  if (details.phones.length > 6) wrong.push('phones');
  details.phones.forEach((p, index) => {
    many(`phones[${index}].label`, p.label, true, 40);
    if (!phone(p.number)) wrong.push(`phones[${index}].number`);
  });
  desk('reception', details.reception);
  if (!details.reception.email) wrong.push('reception.email');
  desk('office', details.office);
  if (!(Math.abs(details.latitude) <= 90)) wrong.push('latitude');
  if (!(Math.abs(details.longitude) <= 180)) wrong.push('longitude');
  return wrong;
}

export function createGuesthouseSettingsServer({
  me,
  details = guesthouseDetails(),
}: {
  /** Who is logged in; none: 401. */
  me: Customer | null;
  details?: GuesthouseDetails;
}) {
  const requests: RecordedRequest[] = [];
  let stored: GuesthouseSettings = { details: structuredClone(details), updatedAt: null, updatedBy: '' };

  const refuse = (status: number, code: string, message: string, errors?: { field: string; message: string }[]) =>
    HttpResponse.json({ code, message, ...(errors ? { errors } : {}) }, { status });
  const access = () => {
    if (!me) return refuse(401, 'not_logged_in', 'You are not logged in.');
    if (!me.roles.includes('admin')) return refuse(403, 'forbidden', 'You are not allowed to do this.');
    return null;
  };

  const handlers = [
    http.get(apiPath('/backend/settings/guesthouse'), async ({ request }) => {
      requests.push(await recordRequest(request));
      return access() ?? HttpResponse.json(stored);
    }),
    http.put(apiPath('/backend/settings/guesthouse'), async ({ request }) => {
      const entry = await recordRequest(request);
      requests.push(entry);
      if (!entry.marker) return refuse(400, 'invalid_request', 'The request is not valid.');
      const denied = access();
      if (denied) return denied;
      const body = entry.body as Partial<GuesthouseDetails>;
      const missing = REQUIRED.find((field) => body[field] === undefined);
      if (missing) return refuse(400, 'invalid_body', 'The request is not valid.', [{ field: missing, message: 'This field is missing.' }]);
      const wrong = guesthouseViolations(body as GuesthouseDetails);
      if (wrong.length > 0) {
        return refuse(422, 'invalid_settings', 'The settings were refused.', wrong.map((field) => ({ field, message: 'This value is not valid.' })));
      }
      stored = { details: structuredClone(body as GuesthouseDetails), updatedAt: GUESTHOUSE_SAVED_AT, updatedBy: me?.email ?? '' };
      return HttpResponse.json(stored);
    }),
  ];

  return {
    handlers,
    requests,
    /** What it keeps now. */
    stored: () => stored,
  };
}
