import { useId, useMemo, type ReactNode } from 'react';

import { StatusMessage } from '@/components/ui/status-message';
import { useAssociations } from '@/features/basket/api/get-associations';
import { BasketActionsContext, useBasketActions, type BasketActions } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { CartAssociationKind, CartItem, ListingItem } from '@/types/api';

import { useAttachPackage } from './use-attach-package';

/** How a suggested item is shown: the catalog's card, given by the app. */
export type RenderCard = (item: ListingItem) => ReactNode;

const HEADINGS: Record<CartAssociationKind, MessageKey> = {
  packages: 'basket.suggested.packages',
  treatments: 'basket.suggested.treatments',
  products: 'basket.suggested.products',
};

type Props = {
  /** The line the suggestions are for. */
  line: CartItem;
  kind: CartAssociationKind;
  items: readonly CartItem[];
  renderCard: RenderCard;
};

/**
 * Suggested treatments, packages or products for a basket line (GET
 * .../associations/{kind}/default). A package suggested for a stay is
 * attached to that stay when added.
 */
export function Suggestions({ line, kind, items, renderCard }: Props) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const query = useAssociations({ locale, lineId: line.id, kind });
  const actions = useBasketActions();
  const { attach, pendingCode } = useAttachPackage(items);
  const forStay = kind === 'packages' && line.type === 'reservation';

  // A package suggested for a stay is meant for that stay: adding it attaches it there
  // instead of asking again, in the package reservation modal, which stay to use.
  const scoped = useMemo<BasketActions | null>(
    () =>
      actions && forStay
        ? {
            ...actions,
            addPackage: (choice) => void attach(line, choice),
            pendingCode: pendingCode ?? actions.pendingCode,
          }
        : actions,
    [actions, forStay, attach, line, pendingCode],
  );

  if (query.isPending) {
    return query.fetchStatus === 'idle' ? null : (
      <StatusMessage kind="loading">{t('basket.suggested.loading')}</StatusMessage>
    );
  }
  if (query.isError) return <StatusMessage kind="error">{t('basket.suggested.error')}</StatusMessage>;
  const offers = query.data.items;
  if (offers.length === 0) return null;

  return (
    <section className="suggestions" aria-labelledby={headingId} data-testid={`suggested-${kind}`}>
      <h2 id={headingId}>{t(HEADINGS[kind])}</h2>
      <BasketActionsContext value={scoped}>
        <ul className="card-grid">
          {offers.map((offer) => (
            <li key={offer.code}>{renderCard(offer)}</li>
          ))}
        </ul>
      </BasketActionsContext>
    </section>
  );
}
