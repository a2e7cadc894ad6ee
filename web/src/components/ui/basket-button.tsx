import { useBasketActions } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  /** The code of what it adds (shows "adding…" while that add is on its way). */
  code: string;
  /** The visible text; "add to basket" by default. */
  label?: string;
  /** The accessible name, e.g. with the item's name on a card. */
  ariaLabel?: string;
  className?: string;
  /** False keeps the button from adding (e.g. a configuration below its minimum). */
  ready?: boolean;
  describedBy?: string;
  onAdd: () => void;
};

/**
 * A button that puts something into the basket. While its add is on its
 * way it says so and does nothing more; without a basket (a component shown
 * on its own) it is unavailable. `aria-disabled` keeps it focusable.
 */
export function BasketButton({ code, label, ariaLabel, className = 'button button--primary', ready = true, describedBy, onAdd }: Props) {
  const { t } = useI18n();
  const actions = useBasketActions();
  const adding = actions?.pendingCode === code;
  const usable = actions !== null && ready && actions.pendingCode === null;
  const text = label ?? t('card.addToBasket');

  return (
    <button
      type="button"
      className={className}
      aria-disabled={!usable}
      aria-busy={adding || undefined}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      onClick={() => usable && onAdd()}
    >
      {adding ? t('basket.adding') : text}
    </button>
  );
}

/** "In your basket (2)" under an item the basket holds (spec 2.4). */
export function InBasketNote({ code, variantCode, className = 'card__note' }: { code: string; variantCode?: string; className?: string }) {
  const { t } = useI18n();
  const actions = useBasketActions();
  const count = actions?.quantityOf({ code, variantCode }) ?? 0;
  if (count === 0) return null;
  return (
    <p className={`${className} in-basket`} data-testid="in-basket">
      {t('card.inBasket', { count })}
    </p>
  );
}
