import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app's own texts for the specs that run in every language, read from
 * its dictionaries (every part), so a spec names what the page says without
 * a copy of it. `{name}`-style values are filled in; plural messages are
 * not (match those with a pattern).
 */
export type E2eLocale = 'pl' | 'de' | 'en_GB';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');

const read = (file: string) => JSON.parse(readFileSync(path.join(locales, file), 'utf8')) as Record<string, string>;

export function messages(locale: E2eLocale) {
  const all = {
    ...read(`app/${locale}.json`),
    ...read(`shop/${locale}.json`),
    ...read(`account/${locale}.json`),
    ...read(`checkout/${locale}.json`),
    ...read(`site/${locale}.json`),
    ...read(`staff/${locale}.json`),
  };
  return (key: string, values: Record<string, string | number> = {}): string => {
    const message = all[key];
    if (message === undefined) throw new Error(`no message ${key} in ${locale}`);
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** An amount in minor units as the page shows it in a language. */
export function money(locale: E2eLocale, minorUnits: number, currency = 'PLN'): string {
  const tag = locale === 'en_GB' ? 'en-GB' : locale;
  return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(minorUnits / 100);
}

/**
 * A plural message (`{count, plural, one {# item} other {# items}}`) for a
 * count, by the language's plural rules, as the page shows it.
 */
export function plural(locale: E2eLocale, message: string, count: number): string {
  const category = new Intl.PluralRules(locale === 'en_GB' ? 'en-GB' : locale).select(count);
  return message.replace(/\{\w+, plural,((?:[^{}]|\{[^{}]*\})*)\}/, (_whole, branches: string) => {
    const branch = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*\\{([^{}]*)\\}`).exec(branches)?.[1];
    return (branch(`=${count}`) ?? branch(category) ?? branch('other') ?? '').replace(/#/g, String(count));
  });
}

/** The gateway's own one-line texts (its server-written order page), from gateway/locales. */
export function gatewayTexts(locale: E2eLocale): (id: string) => string {
  const file = path.resolve(locales, `../../../gateway/locales/${locale}.ftl`);
  const entries = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const entry = /^([a-z][\w-]*) = (.*)$/.exec(line);
    if (entry?.[1] && entry[2] !== undefined) entries.set(entry[1], entry[2].trim());
  }
  return (id) => {
    const text = entries.get(id);
    if (text === undefined) throw new Error(`no ${id} in gateway/locales/${locale}.ftl`);
    return text;
  };
}
