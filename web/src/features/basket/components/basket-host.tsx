import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { isAgeConfirmationRequired, useAddCartItem } from '@/features/basket/api/add-cart-item';
import { useCart } from '@/features/basket/api/use-cart';
import { requestCode } from '@/features/basket/utils/cart-lines';
import { lazyPart } from '@/features/basket/utils/lazy-part';
import { packageItem } from '@/features/basket/utils/package-stay';
import { useStoredBasket } from '@/features/basket/utils/storage';
import { BasketActionsContext, type BasketActions, type PackageChoice } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { CartItem } from '@/types/api';
import { quantityInBasket } from '@/utils/basket-quantity';

import { PartFailed } from './part-failed';
import { useAddedToBasket } from './use-added-to-basket';

const PackageReservationModal = lazyPart(
  () => import('./package-reservation-modal').then((m) => m.PackageReservationModal),
  PartFailed,
);

// The age question is the product page's gate (components/age-gate.tsx), asked at an add: loaded when first asked.
const AgeQuestion = lazyPart<{ onYes: () => void; onNo: () => void }>(
  () => import('@/components/age-gate').then((m) => m.AgeGate),
  // Not loaded: the failure closes as "No" (nothing added).
  ({ onNo }) => <PartFailed onClose={onNo} />,
);

const NO_ITEMS: CartItem[] = [];

/**
 * The basket's actions for the pages under it (catalog, rooms, basket):
 * what is in the basket, adding (then the notification and the suggestion
 * page), and stay packages through the package reservation modal.
 *
 * An age-restricted product added without the visitor's word that they are
 * of age (the server's 403 `age_confirmation_required`, wherever the add
 * came from: a listing, the suggestion page, a slider) asks the age
 * question (spec 4). "No": nothing is added, the page stays. "Yes": the
 * cookie is set and the item is added again, once. While the question is
 * open nothing else is added.
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
  // The age question's answer, while it is open.
  const answerAge = useRef<((yes: boolean) => void) | null>(null);
  const [askingAge, setAskingAge] = useState(false);

  // Leaving the shop pages with the question open: the add waiting for it is not made.
  useEffect(() => () => answerAge.current?.(false), []);

  const answer = (yes: boolean) => {
    const resolve = answerAge.current;
    answerAge.current = null;
    setAskingAge(false);
    resolve?.(yes);
  };

  const actions = useMemo<BasketActions>(() => {
    const askAge = () =>
      new Promise<boolean>((resolve) => {
        answerAge.current = resolve;
        setAskingAge(true);
      });
    const attempt = async (item: Parameters<BasketActions['add']>[0]) => {
      const answered = await mutateAsync(item);
      added(items, answered, requestCode(item));
      return true;
    };
    const add: BasketActions['add'] = async (item) => {
      if (answerAge.current) return false;
      try {
        return await attempt(item);
      } catch (error) {
        // Otherwise the notification has said what went wrong.
        if (!isAgeConfirmationRequired(error)) return false;
      }
      // One question at a time: an add refused while it is open is not made.
      if (answerAge.current || !(await askAge())) return false;
      try {
        return await attempt(item);
      } catch (error) {
        // Refused again although the cookie was set (the browser keeps no cookies): said once, not asked again.
        if (isAgeConfirmationRequired(error)) notifications.notify('error', error.message);
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
      {askingAge && (
        <Suspense fallback={null}>
          <AgeQuestion onYes={() => answer(true)} onNo={() => answer(false)} />
        </Suspense>
      )}
    </BasketActionsContext>
  );
}
