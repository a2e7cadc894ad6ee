import { useState } from 'react';

import type { ProductsFilter } from '@/features/staff/api/products';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { ProductCreate, ProductEdit } from './product-editor';
import { ProductsList } from './products-list';

/** What the offers' page shows: the list (filtered), an offer's editor, or a new offer's form. */
export type ProductsView = { kind: 'list'; filter: ProductsFilter } | { kind: 'edit'; code: string } | { kind: 'new' };

type Props = {
  view: ProductsView;
  loginHref: string;
  /** Shows the list filtered otherwise (the page puts it into its query). */
  onFilter: (filter: ProductsFilter) => void;
  /** Shows a new offer's editor in place of the form that created it. */
  onCreated: (code: string) => void;
};

/**
 * The offers (`/backend/products`, administrators): the list, an offer's
 * editor, a new offer. A new offer's confirmation outlives its form: the
 * status region is the page's, so it is read out with the editor shown.
 */
export function ProductsDesk({ view, loginHref, onFilter, onCreated }: Props) {
  const { t } = useI18n();
  const [created, setCreated] = useState<string | null>(null);
  if (created !== null && (view.kind === 'list' || (view.kind === 'edit' && view.code !== created))) setCreated(null);
  const confirmed = view.kind === 'edit' && view.code === created;
  return (
    <>
      <div className="staff-desk__status" role="status">
        {confirmed && <p className="staff-notice staff-notice--success">{t('staff.products.created', { code: view.code })}</p>}
      </div>
      {view.kind === 'list' && <ProductsList filter={view.filter} onFilter={onFilter} loginHref={loginHref} />}
      {view.kind === 'edit' && <ProductEdit key={view.code} code={view.code} created={confirmed} loginHref={loginHref} />}
      {view.kind === 'new' && (
        <ProductCreate
          loginHref={loginHref}
          onCreated={(code) => {
            setCreated(code);
            onCreated(code);
          }}
        />
      )}
    </>
  );
}
