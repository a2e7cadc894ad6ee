import de from '@/locales/de.json';
import en_GB from '@/locales/en_GB.json';
import pl from '@/locales/pl.json';

import type { Locale } from './locale';

/** Polish is the reference dictionary: its keys are the message keys. */
export type MessageKey = keyof typeof pl;

export type Dictionary = Partial<Record<string, string>>;

export type Dictionaries = Record<Locale, Dictionary>;

export const dictionaries: Dictionaries = { pl, de, en_GB };
