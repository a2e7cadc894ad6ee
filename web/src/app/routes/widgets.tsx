import { use } from 'react';

import { VotePopupHost } from '@/features/poll/components/vote-popup-host';
import { WeatherWidget } from '@/features/weather/components/weather-widget';
import { getDocumentLocale } from '@/lib/i18n/locale';
import { loadDictionary } from '@/lib/i18n/messages';

/** Their texts, the site part of the dictionary, asked for with this code; false if they do not come. */
const texts = loadDictionary(getDocumentLocale(), 'site').then(
  () => true,
  () => false,
);

/**
 * What the page adds once it is idle (app/routes/root.tsx loads this after
 * the first page is shown): the weather in the footer and the vote pop-up,
 * once their texts are there (nothing without them).
 */
export default function Widgets() {
  if (!use(texts)) return null;
  return (
    <>
      <WeatherWidget />
      <VotePopupHost />
    </>
  );
}
