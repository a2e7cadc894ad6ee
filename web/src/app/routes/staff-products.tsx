/**
 * The offers, `/backend/products?type=&q=` (not in spec; administrators
 * only): the list filtered by type and by a part of a code or name, an
 * offer's editor at `?code=`, a new offer at `?new=1`. Its chunk loads with
 * the staff part of the dictionary (app/router.tsx).
 */
import { useSearchParams } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import type { ProductsFilter } from '@/features/staff/api/products';
import { ProductsDesk, type ProductsView } from '@/features/staff/components/products-desk';
import { StaffPage } from '@/features/staff/components/staff-page';
import { isProductType } from '@/features/staff/utils/products';

/** The list's query: only the filters given. */
const filterQuery = (filter: ProductsFilter): Record<string, string> => Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));

export function StaffProductsRoute() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const type = params.get('type') ?? '';
  const filter: ProductsFilter = { type: isProductType(type) ? type : '', q: params.get('q') ?? '' };
  const view: ProductsView = params.get('new') === '1' ? { kind: 'new' } : code ? { kind: 'edit', code } : { kind: 'list', filter };
  const query = view.kind === 'new' ? { new: '1' } : view.kind === 'edit' ? { code } : filterQuery(filter);
  return (
    <StaffPage title="staff.products.title" lead="staff.products.lead" href={(language) => staffPaths.staffProducts.href(language, query)}>
      {(loginHref) => (
        <ProductsDesk
          view={view}
          loginHref={loginHref}
          onFilter={(next) => setParams(filterQuery(next))}
          // The form that created it is not a page to come back to.
          onCreated={(created) => setParams({ code: created }, { replace: true })}
        />
      )}
    </StaffPage>
  );
}
