import { Outlet } from 'react-router';

import { BasketHost } from '@/features/basket/components/basket-host';

/**
 * The pages that put things into the basket (listings, product pages, room
 * results) and the basket's own pages: the basket's actions for everything
 * under it (lib/basket-actions.ts). Its code and the basket's texts load
 * together with the page's, outside the first page load of other pages.
 */
export function ShopLayout() {
  return (
    <BasketHost>
      <Outlet />
    </BasketHost>
  );
}
