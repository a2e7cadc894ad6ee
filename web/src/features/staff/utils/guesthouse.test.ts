import { describe, expect, it } from 'vitest';

import type { Translate } from '@/lib/i18n/translate';
import { guesthouseDetails } from '@/testing/mocks/fixtures';
import { guesthouseViolations } from '@/testing/mocks/guesthouse-settings-server';

import {
  guesthouseFields,
  guesthouseSchema,
  guesthouseValues,
  missingLanguages,
  serverField,
  toGuesthouseDetails,
  type GuesthouseValues,
} from './guesthouse';

/** The message keys themselves, with their values: what each rule says is the key it chose. */
const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const check = (values: GuesthouseValues) => guesthouseSchema(t).safeParse(values);
/** The fields a form's values break a rule of, by the server's names, in the form's order. */
const broken = (values: GuesthouseValues) => {
  const result = check(values);
  return result.success ? [] : result.error.issues.map((issue) => serverField(issue.path.join('.')));
};

describe('the guesthouse’s details form', () => {
  it('gives back the details as read: trimmed, the position as numbers', () => {
    const details = guesthouseDetails();
    const values = guesthouseValues(details);
    expect([values.latitude, values.longitude]).toEqual(['52.46', '14.86']);
    const result = check({ ...values, name: `  ${values.name} `, phones: values.phones.map((phone) => ({ ...phone, number: ` ${phone.number}` })) });
    expect(result.success).toBe(true);
    expect(result.success && toGuesthouseDetails(result.data)).toEqual(details);
  });

  it('breaks the rules the server does, naming the same fields', () => {
    const values = guesthouseValues(guesthouseDetails());
    values.name = '  ';
    values.country.pl = '';
    values.phones[1]!.number = '12';
    values.phones[2]!.label.de = 'x'.repeat(41);
    values.reception.email = '';
    values.reception.hours[0]!.to = '06:00';
    values.office.email = 'biuro@';
    values.office.hours[1]!.from = '';
    values.latitude = '91';
    values.longitude = '181';
    const fields = broken(values);
    expect(fields).toEqual([
      'name',
      'country.pl',
      'phones[1].number',
      'phones[2].label.de',
      'reception.email',
      'reception.hours[0].to',
      'office.email',
      'office.hours[1].from',
      'latitude',
      'longitude',
    ]);
    // The test server (src/testing/mocks) finds the same.
    expect([...guesthouseViolations(toGuesthouseDetails(values))].sort()).toEqual([...fields].sort());
  });

  it('says what is wrong, in the page’s words', () => {
    const values = guesthouseValues(guesthouseDetails());
    values.phones[0]!.label.pl = '';
    values.phones[0]!.number = '+48 12';
    values.postcode = '1'.repeat(21);
    values.office.phone = 'abc';
    values.office.hours[0]!.to = '08:00';
    const result = check(values);
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['postcode', 'staff.settings.guesthouse.problem.tooLong {"max":20}'],
      ['phones.0.label.pl', 'staff.settings.guesthouse.problem.polish'],
      ['phones.0.number', 'staff.settings.guesthouse.problem.phone'],
      ['office.phone', 'staff.settings.guesthouse.problem.phone'],
      ['office.hours.0.to', 'staff.settings.guesthouse.problem.timeOrder'],
    ]);
  });

  it('takes a phone as the server does: at least 7 characters, digits with a leading + and separators; an optional one may stay empty', () => {
    const withNumber = (number: string, desk = '') => {
      const values = guesthouseValues(guesthouseDetails());
      values.phones[0]!.number = number;
      values.reception.phone = desk;
      return broken(values);
    };
    expect(withNumber('+48 (95) 757-20.10/1')).toEqual([]);
    expect(withNumber('12345')).toEqual(['phones[0].number']);
    expect(withNumber('1234567')).toEqual([]);
    expect(withNumber('48+ 757 20 10')).toEqual(['phones[0].number']);
    expect(withNumber('+-- -- --')).toEqual(['phones[0].number']);
    expect(withNumber('1'.repeat(31))).toEqual(['phones[0].number']);
    expect(withNumber('', '')).toEqual(['phones[0].number']);
    expect(withNumber('1234567', 'zero')).toEqual(['reception.phone']);
  });

  it('counts characters, not UTF-16 units, and times from 00:00 to 23:59', () => {
    const values = guesthouseValues(guesthouseDetails());
    values.city = '🏠'.repeat(80);
    values.office.hours[0] = { ...values.office.hours[0]!, from: '00:00', to: '23:59' };
    expect(broken(values)).toEqual([]);
    values.office.hours[0] = { ...values.office.hours[0], to: '24:00' };
    values.office.hours[1] = { ...values.office.hours[1]!, from: '9:00' };
    expect(broken(values)).toEqual(['office.hours[0].to', 'office.hours[1].from']);
  });

  it('says which languages some text is missing in: a Polish text given, theirs not', () => {
    const values = guesthouseValues(guesthouseDetails());
    expect(missingLanguages(values)).toEqual([]);
    values.office.note.en_GB = 'Closed on holidays.';
    expect(missingLanguages(values)).toEqual([]);
    values.office.hours[1]!.days.en_GB = ' ';
    expect(missingLanguages(values)).toEqual(['en_GB']);
    values.phones.push({ label: { pl: 'Basen', de: '', en_GB: 'Pool' }, number: '+48 600 000 000' });
    expect(missingLanguages(values)).toEqual(['de', 'en_GB']);
  });

  it('names each input by the server’s name of it, so that a refusal lands there', () => {
    const fields = guesthouseFields(guesthouseValues(guesthouseDetails()));
    expect(fields['phones.1.number']).toBe('phones[1].number');
    expect(fields['phones.0.label.de']).toBe('phones[0].label.de');
    expect(fields['reception.hours.0.from']).toBe('reception.hours[0].from');
    expect(fields['office.hours.1.to']).toBe('office.hours[1].to');
    expect(fields['country.pl']).toBe('country.pl');
    expect(fields['latitude']).toBe('latitude');
    expect(fields['reception.email']).toBe('reception.email');
    // Only the inputs: a list as a whole is said for the whole form.
    expect(fields['phones']).toBeUndefined();
    expect(fields['phones.3.number']).toBeUndefined();
    expect(Object.keys(fields)).toHaveLength(4 + 3 + 3 * 4 + 2 * (3 + 2 + 3) + 3 * 5 + 2);
  });
});
