import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { cartQueryOptions } from '@/features/basket/api/get-cart';
import { lineCount } from '@/features/basket/utils/cart-count';
import { lazyPart } from '@/features/basket/utils/lazy-part';
import { useStoredBasket } from '@/features/basket/utils/storage';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { PartFailed } from './part-failed';

// The list and its texts load when the visitor first opens the mini basket.
const MiniBasketPanel = lazyPart(
  () => import('@/features/basket/components/mini-basket-panel').then((m) => m.MiniBasketPanel),
  // Said in place: the panel is not a modal.
  () => <PartFailed />,
);

/**
 * The header's mini basket (spec 2.5): a button with the number of lines
 * that opens the lines, the total and a link to the basket. It is on every
 * page, so it stays small: it counts the stored basket (every answer of the
 * server is stored, see api/get-cart.ts) and has the basket fetched once
 * (which replaces a basket the server no longer has); the list loads when
 * first opened. Escape, a click outside or following a link closes it;
 * Escape returns focus to the button.
 */
export function MiniBasket() {
  const { t, locale } = useI18n();
  const queryClient = useQueryClient();
  const stored = useStoredBasket();
  const token = stored?.tokenValue ?? null;
  const count = lineCount(stored?.items ?? []);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The stored basket is checked with the server (once fresh, then as the cache says).
  useEffect(() => {
    if (token) void queryClient.prefetchQuery(cartQueryOptions(locale, token));
  }, [queryClient, locale, token]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div className="mini-basket" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="mini-basket__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="mini-basket-toggle"
      >
        {t('miniBasket.label', { count })}
      </button>
      {open && (
        <div id={panelId} className="mini-basket__panel" data-testid="mini-basket-panel">
          <Suspense
            fallback={
              <p className="mini-basket__status" role="status">
                <span className="spinner spinner--small" aria-hidden="true" /> {t('app.loading')}
              </p>
            }
          >
            <MiniBasketPanel onNavigate={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
