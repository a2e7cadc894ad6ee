import { useId, useSyncExternalStore, type ReactNode } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Cart, CartTotals } from '@/types/api';

import { useCheckoutBasket } from './checkout-basket';

/** From this width the summary sits beside the form: checkout.css's two-column `.checkout`. */
const WIDE_MIN_PX = 970;
const WIDE_QUERY = `(min-width: ${WIDE_MIN_PX}px)`;

function isWide(): boolean {
  if (typeof window.matchMedia !== 'function') return window.innerWidth >= WIDE_MIN_PX;
  return window.matchMedia(WIDE_QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') {
    window.addEventListener('resize', onChange);
    return () => window.removeEventListener('resize', onChange);
  }
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

type Props = {
  cart: Cart;
  /** What the summary shows, when the step knows better than the saved basket (a payment option chosen, not yet saved). */
  totals?: CartTotals;
  children: ReactNode;
};

/**
 * A checkout step with what is being bought: the basket's lines and its
 * price summary. On a wide screen they sit beside the step's form; on a
 * narrower one they come first, folded to "Your order (total)", so that
 * the form is reached without scrolling past them. Either way one copy is
 * rendered, so a screen reader meets it once.
 */
export function CheckoutLayout({ cart, totals = cart.totals, children }: Props) {
  const { t, formatMoney } = useI18n();
  const basket = useCheckoutBasket();
  const wide = useSyncExternalStore(subscribe, isWide, () => true);
  const headingId = useId();

  const heading = (
    <h2 id={headingId} className={wide ? 'order-summary__title' : 'sr-only'}>
      {t('checkout.summary.title')}
    </h2>
  );
  const content = (
    <>
      {basket.lines(cart)}
      {basket.summary({ totals, vouchers: cart.vouchers }, { headingLevel: 3 })}
    </>
  );

  if (wide) {
    return (
      <div className="checkout">
        {/* Keyed in both layouts: crossing the breakpoint moves the form, never remounts it (what was typed stays). */}
        <div key="main" className="checkout__main">
          {children}
        </div>
        {/* Focusable: it scrolls on its own when taller than the window. */}
        <aside
          key="summary"
          className="checkout__aside order-summary"
          aria-labelledby={headingId}
          tabIndex={0}
          data-testid="order-summary"
        >
          {heading}
          {content}
        </aside>
      </div>
    );
  }
  return (
    <div className="checkout">
      <aside key="summary" className="order-summary" aria-labelledby={headingId} data-testid="order-summary">
        {heading}
        <details className="order-summary__details">
          <summary className="order-summary__toggle">
            {t('checkout.summary.toggle', { total: formatMoney(totals.total, totals.currency) })}
          </summary>
          <div className="order-summary__body">{content}</div>
        </details>
      </aside>
      <div key="main" className="checkout__main">
        {children}
      </div>
    </div>
  );
}
