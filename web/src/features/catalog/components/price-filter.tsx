import { useState } from 'react';

import { RangeSlider, type Range } from '@/components/ui/range-slider';
import { PRICE_SLIDER_DOT_SIZE } from '@/config/constants';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { PriceStats } from '@/types/api';

/** Arrow keys move the price by 1.00 (100 minor units). */
const PRICE_STEP = 100;

type Props = {
  stats: PriceStats;
  priceFrom?: number;
  priceTo?: number;
  /** Called when a movement ends; a bound at its end of the range is undefined (no filter). */
  onCommit: (range: { priceFrom?: number; priceTo?: number }) => void;
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function initialRange(min: number, max: number, priceFrom?: number, priceTo?: number): Range {
  const low = clamp(priceFrom ?? min, min, max);
  return [low, clamp(priceTo ?? max, low, max)];
}

/**
 * The price range filter: a two-thumb slider bounded by the listing's
 * priceStats (which ignore the price filter, so the bounds stay put). The
 * slider moves a draft; the filter changes when a movement ends. Its
 * amounts are in the base currency (PLN), as priceStats and the server's
 * price_from/price_to are: items priced in another currency show their PLN
 * amount beside, so the slider and the cards can be compared.
 */
export function PriceFilter({ stats, priceFrom, priceTo, onCommit }: Props) {
  const { t, formatMoney } = useI18n();
  const { min, max, currency } = stats;
  const [draft, setDraft] = useState<Range>(() => initialRange(min, max, priceFrom, priceTo));

  // The URL changed (a reset, back/forward, new bounds): follow it. Not a
  // remount, so a focused thumb keeps its focus after its own commit.
  const source = `${min}:${max}:${priceFrom}:${priceTo}`;
  const [syncedWith, setSyncedWith] = useState(source);
  if (syncedWith !== source) {
    setSyncedWith(source);
    setDraft(initialRange(min, max, priceFrom, priceTo));
  }
  const format = (value: number) => formatMoney(value, currency);

  return (
    <fieldset className="filters__field filters__price">
      <legend>{t('catalog.filters.price')}</legend>
      <p className="filters__price-range" aria-hidden="true">
        {t('catalog.filters.priceRange', { from: format(draft[0]), to: format(draft[1]) })}
      </p>
      <RangeSlider
        min={min}
        max={max}
        step={PRICE_STEP}
        value={draft}
        labels={[t('catalog.filters.priceFrom'), t('catalog.filters.priceTo')]}
        formatValue={format}
        dotSize={PRICE_SLIDER_DOT_SIZE}
        onChange={setDraft}
        onCommit={([low, high]) =>
          onCommit({ priceFrom: low > min ? low : undefined, priceTo: high < max ? high : undefined })
        }
      />
    </fieldset>
  );
}
