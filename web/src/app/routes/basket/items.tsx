import { useRef } from 'react';

import { BasketItems } from '@/features/basket/components/basket-items';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { renderSuggestionCard } from './suggestion-card';

/** The basket's items page (spec 2.2). */
export function BasketItemsRoute() {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = t('basket.steps.items');
  usePageHead(title, t('basket.description'));

  return (
    <div className="page basket-page">
      <div className="page__header">
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
      </div>
      <BasketItems renderCard={renderSuggestionCard} headingRef={headingRef} />
    </div>
  );
}
