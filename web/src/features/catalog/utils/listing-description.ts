/**
 * A listing's meta description: its lead and the names of its categories
 * (the children of its main taxon, as the server names them in the page's
 * language), e.g. "Massages, rituals and care treatments to book online.
 * Categories: Massages, Body treatments and Facials." The filters are not
 * in it: a filtered listing's canonical page is the whole listing.
 */
import { toLanguageTag, type Locale } from '@/lib/i18n/locale';
import type { Translate } from '@/lib/i18n/translate';
import type { Taxon } from '@/types/api';

export function listingDescription(lead: string, taxon: Taxon | undefined, locale: Locale, t: Translate): string {
  const names = (taxon?.children ?? []).map((child) => child.name.trim()).filter(Boolean);
  if (names.length === 0) return lead;
  const list = new Intl.ListFormat(toLanguageTag(locale), { type: 'conjunction' }).format(names);
  return `${lead} ${t('catalog.categories', { names: list })}`;
}
