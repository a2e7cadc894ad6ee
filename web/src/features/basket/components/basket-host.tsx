import { Suspense, useMemo, useState, type ReactNode } from 'react';

import { useAddCartItem } from '@/features/basket/api/add-cart-item';
import { useCart } from '@/features/basket/api/use-cart';
import { requestCode } from '@/features/basket/utils/cart-lines';
import { lazyPart } from '@/features/basket/utils/lazy-part';
import { packageItem } from '@/features/basket/utils/package-stay';
import { useStoredBasket } from '@/features/basket/utils/storage';
import { BasketActionsContext, type BasketActions, type PackageChoice } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem } from '@/types/api';
import { quantityInBasket } from '@/utils/basket-quantity';

import { PartFailed } from './part-failed';
import { useAddedToBasket } from './use-added-to-basket';

const PackageReservationModal = lazyPart(
  () => import('./package-reservation-modal').then((m) => m.PackageReservationModal),
  PartFailed,
);

const NO_ITEMS: CartItem[] = [];

/**
 * The basket's actions for the pages under it (catalog, rooms, basket):
 * what is in the basket, adding (then the notification and the suggestion
 * page), and stay packages through the package reservation modal.
 */
export function BasketHost({ children }: { children: ReactNode }) {
  const { locale } = useI18n();
  const stored = useStoredBasket();
  const cart = useCart(locale);
  const items = cart.data?.items ?? stored?.items ?? NO_ITEMS;
  const cartToken = stored?.tokenValue ?? null;
  const { mutateAsync, isPending, variables } = useAddCartItem();
  const added = useAddedToBasket();
  const [reserving, setReserving] = useState<PackageChoice | null>(null);
  const pendingCode = isPending && variables ? requestCode(variables) : null;

  const actions = useMemo<BasketActions>(() => {
    const add: BasketActions['add'] = async (item) => {
      try {
        const answer = await mutateAsync(item);
        added(items, answer, requestCode(item));
        return true;
      } catch {
        // The notification has said what went wrong.
        return false;
      }
    };
    return {
      cartToken,
      quantityOf: (item) => quantityInBasket(items, item),
      add,
      addPackage: (choice) => {
        if (choice.numNights > 0) {
          setReserving(choice);
          return;
        }
        void add(packageItem(choice, { attached: false }));
      },
      pendingCode,
    };
  }, [cartToken, items, mutateAsync, added, pendingCode]);

  return (
    <BasketActionsContext value={actions}>
      {children}
      {reserving && (
        <Suspense fallback={null}>
          <PackageReservationModal choice={reserving} onClose={() => setReserving(null)} />
        </Suspense>
      )}
    </BasketActionsContext>
  );
}
