import { Fragment, Suspense, useId, useState, type RefObject } from 'react';
import { Link } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useCart } from '@/features/basket/api/use-cart';
import { useRedeemVoucher, useRemoveVoucher } from '@/features/basket/api/redeem-voucher';
import { useRemoveCartItem } from '@/features/basket/api/remove-cart-item';
import { useUpdateCartItem } from '@/features/basket/api/update-cart-item';
import { lineName } from '@/features/basket/utils/cart-count';
import { unavailableLines } from '@/features/basket/utils/cart-lines';
import { lazyPart } from '@/features/basket/utils/lazy-part';
import { useStoredBasket } from '@/features/basket/utils/storage';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { CartItem } from '@/types/api';

import { BasketLine } from './basket-line';
import { DropBasket } from './drop-basket';
import { PartFailed } from './part-failed';
import { PriceSummary } from './price-summary';
import { Suggestions, type RenderCard } from './suggestions';

const PackageConfigurationModal = lazyPart(
  () => import('./package-configuration-modal').then((m) => m.PackageConfigurationModal),
  PartFailed,
);

type Props = {
  renderCard: RenderCard;
  /** The page heading, which takes focus when the row that had it is gone. */
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/**
 * The basket's items (spec 2.2): the lines with position, quantity and
 * actions, packages under their stay, rooms sold meanwhile, the price
 * summary and the way on, then suggested packages, treatments and products;
 * "empty the basket"; an empty state.
 * The basket is asked for afresh when the page opens.
 */
export function BasketItems({ renderCard, headingRef }: Props) {
  const { t, locale } = useI18n();
  const captionId = useId();
  const stored = useStoredBasket();
  const cart = useCart(locale, { fresh: true });
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const redeem = useRedeemVoucher();
  const unredeem = useRemoveVoucher();
  const [configuring, setConfiguring] = useState<CartItem | null>(null);
  const busy = update.isPending || remove.isPending || redeem.isPending || unredeem.isPending;

  const onRemove = (line: CartItem) => {
    remove.mutate(line.id, {
      onSuccess: () => {
        notifications.notify('success', t('basket.items.removed', { name: lineName(line) }));
        headingRef.current?.focus();
      },
    });
  };
  const onQuantity = (line: CartItem, quantity: number) => {
    if (quantity !== line.quantity) update.mutate({ lineId: line.id, change: { quantity } });
  };
  const onRedeemVoucher = (line: CartItem, code: string) => redeem.mutateAsync({ lineId: line.id, code });
  const onRemoveVoucher = (line: CartItem) => unredeem.mutateAsync(line.id);
  const voucherActions = { onRedeemVoucher, onRemoveVoucher };

  const empty = (
    <section className="status status--empty basket__empty" data-testid="basket-empty">
      <p className="status__text">{t('basket.empty')}</p>
      <Link className="button button--primary" to={paths.treatments.href(locale)}>
        {t('basket.emptyAction')}
      </Link>
    </section>
  );

  if (!stored && !cart.data) return empty;
  if (cart.isPending) return <StatusMessage kind="loading">{t('basket.items.loading')}</StatusMessage>;
  if (cart.isError && !cart.data) {
    return (
      <StatusMessage
        kind="error"
        onRetry={() => void cart.refetch()}
      >
        {t('basket.items.error')}
      </StatusMessage>
    );
  }
  const data = cart.data;
  if (!data || data.items.length === 0) return empty;

  const { items } = data;
  const blocked = unavailableLines(items).length > 0;
  // Packages are suggested for a stay without one (attaching another replaces it).
  const stay = items.find((line) => line.type === 'reservation' && line.isAvailable && line.childItems.length === 0);
  const first = items[0];

  return (
    <div className="basket">
      <div className="basket__main">
        <table className="basket-lines" aria-describedby={captionId} aria-busy={busy}>
          <caption id={captionId} className="sr-only">
            {t('miniBasket.lines')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('basket.items.columns.position')}</th>
              {/* The item's name (the row's header) and what is said about it. */}
              <th scope="col" colSpan={2}>
                {t('basket.items.columns.product')}
              </th>
              <th scope="col">{t('basket.items.columns.quantity')}</th>
              <th scope="col">{t('basket.items.columns.total')}</th>
              <th scope="col">{t('basket.items.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((line, index) => (
              <Fragment key={line.id}>
                <BasketLine
                  line={line}
                  position={String(index + 1)}
                  busy={busy}
                  onQuantity={onQuantity}
                  onRemove={onRemove}
                  onConfigure={setConfiguring}
                  {...voucherActions}
                />
                {line.childItems.map((child, childIndex) => (
                  <BasketLine
                    key={child.id}
                    line={child}
                    position={`${index + 1}.${childIndex + 1}`}
                    child
                    busy={busy}
                    onQuantity={onQuantity}
                    onRemove={onRemove}
                    onConfigure={setConfiguring}
                    {...voucherActions}
                  />
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
        <p className="sr-only" role="status">
          {busy ? t('basket.items.updating') : ''}
        </p>
        <DropBasket count={items.length} busy={busy} onDropped={() => headingRef.current?.focus()} />
      </div>
      <aside className="basket__aside">
        <PriceSummary totals={data.totals} codes={data.vouchers} busy={busy || cart.isFetching} />
        <div className="basket__next">
          {blocked ? (
            <p className="basket__blocked" data-testid="basket-blocked">
              {t('basket.items.unavailableBlock')}
            </p>
          ) : (
            // The login step first (spec 2.2): log in, register with the
            // booking or book as a guest; a logged-in customer goes on from there.
            <Link className="button button--primary" to={paths.basketLogin.href(locale)}>
              {t('basket.items.next')}
            </Link>
          )}
          <Link className="button" to={paths.treatments.href(locale)}>
            {t('basket.items.continue')}
          </Link>
        </div>
      </aside>
      {/* After the way on, so that on a phone the guest reaches it before the suggestions. */}
      <div className="basket__more">
        {stay && <Suggestions line={stay} kind="packages" items={items} renderCard={renderCard} />}
        {first && <Suggestions line={first} kind="treatments" items={items} renderCard={renderCard} />}
        {first && <Suggestions line={first} kind="products" items={items} renderCard={renderCard} />}
      </div>
      {configuring && (
        <Suspense fallback={null}>
          <PackageConfigurationModal line={configuring} onClose={() => setConfiguring(null)} />
        </Suspense>
      )}
    </div>
  );
}
