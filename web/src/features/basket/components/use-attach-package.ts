import { useCallback } from 'react';

import { useAddChildItem } from '@/features/basket/api/add-child-item';
import { packageItem } from '@/features/basket/utils/package-stay';
import type { PackageChoice } from '@/lib/basket-actions';
import type { CartItem } from '@/types/api';

import { useAddedToBasket } from './use-added-to-basket';

/**
 * Attaching a stay package to a reservation line (POST children-items):
 * the package's persons are its configuration's (the server's default, as
 * many as the stay's adults up to two, without one). Resolves true once it
 * is in; then, as after every add, the notification and the suggestion page.
 */
export function useAttachPackage(items: readonly CartItem[]) {
  const { mutateAsync, isPending, variables } = useAddChildItem();
  const added = useAddedToBasket();

  const attach = useCallback(
    async (line: CartItem, choice: PackageChoice): Promise<boolean> => {
      try {
        const cart = await mutateAsync({ lineId: line.id, item: packageItem(choice, { attached: true }) });
        added(items, cart, choice.code);
        return true;
      } catch {
        return false;
      }
    },
    [mutateAsync, added, items],
  );

  return { attach, pendingCode: isPending ? (variables?.item.packageCode ?? null) : null, isPending };
}
