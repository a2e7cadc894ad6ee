import { describe, expect, it } from 'vitest';

import { listingConfigs } from '@/features/catalog/utils/listing-config';
import { LOCALES } from '@/lib/i18n/locale';
import { createTranslator } from '@/lib/i18n/translate';

import { pageHeads } from '@/config/page-heads';
import { paths } from '@/config/paths';

describe('page heads for the server', () => {
  it.each(LOCALES)('give each listing in %s the title and lead its page shows', (locale) => {
    const heads = pageHeads()[locale];
    const t = createTranslator(locale);
    expect(Object.keys(heads)).toHaveLength(Object.keys(listingConfigs).length);
    for (const config of Object.values(listingConfigs)) {
      const path = paths[config.route].path(locale);
      expect(heads[path]).toMatchObject({ title: t(config.text.title), description: t(config.text.lead) });
      expect(heads[path]?.alternates[locale]).toBe(path);
    }
  });

  it('name each listing’s path in every language', () => {
    expect(pageHeads().de['/angebot/behandlungen']).toEqual({
      title: 'Behandlungen',
      description: expect.any(String) as string,
      alternates: { pl: '/oferta/zabiegi/', de: '/angebot/behandlungen', en_GB: '/en/offer/treatments' },
    });
  });
});
