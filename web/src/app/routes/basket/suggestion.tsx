import { useSearchParams } from 'react-router';

import { BasketSuggestion } from '@/features/basket/components/basket-suggestion';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { renderSuggestionCard } from './suggestion-card';

/** After an add: what was added and suggestions for it (spec 2.2); the route needs `variantCode`. */
export function BasketSuggestionRoute() {
  const { t } = useI18n();
  const [query] = useSearchParams();
  const variantCode = query.get('variantCode') ?? '';
  const title = t('basket.steps.suggestion');
  usePageHead(title, t('basket.suggestion.description'));

  return (
    <div className="page basket-page">
      <div className="page__header">
        <h1>{title}</h1>
      </div>
      <BasketSuggestion key={variantCode} variantCode={variantCode} renderCard={renderSuggestionCard} />
    </div>
  );
}
