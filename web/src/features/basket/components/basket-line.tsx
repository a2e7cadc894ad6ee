import { Link } from 'react-router';

import { QuantityCounter } from '@/components/ui/quantity-counter';
import { lineName } from '@/features/basket/utils/cart-count';
import { counterBounds, originalTotal } from '@/features/basket/utils/cart-lines';
import { lineFacts, packageStayText, treatmentsText } from '@/features/basket/utils/line-text';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem } from '@/types/api';

import { LineVoucher } from './line-voucher';
import { RoomConflict } from './room-conflict';

type Props = {
  line: CartItem;
  /** "1", or "1.1" for a package under its stay. */
  position: string;
  /** A package attached to the stay above it. */
  child?: boolean;
  busy: boolean;
  onQuantity: (line: CartItem, quantity: number) => void;
  onRemove: (line: CartItem) => void;
  onConfigure: (line: CartItem) => void;
  /** Pays for the line with a gift voucher code; rejects with the server's refusal. */
  onRedeemVoucher: (line: CartItem, code: string) => Promise<unknown>;
  /** Stops paying for the line with its gift voucher. */
  onRemoveVoucher: (line: CartItem) => Promise<unknown>;
};

/**
 * One row of the basket (spec 2.2): position, the item with its facts (a
 * stay's dates, nights and guests, and what its package does to its price;
 * a package's persons and treatments), the quantity counter within the
 * line's bounds, the total, and the actions: change (a package's
 * treatments) and remove. A stay whose room was sold
 * meanwhile shows the conflict instead. A top-level line that is not a
 * gift voucher can be paid with one (its code, and what it pays).
 */
export function BasketLine({
  line,
  position,
  child = false,
  busy,
  onQuantity,
  onRemove,
  onConfigure,
  onRedeemVoucher,
  onRemoveVoucher,
}: Props) {
  const i18n = useI18n();
  const { t, formatMoney } = i18n;
  const { min, max, fixed } = counterBounds(line);
  const name = lineName(line);
  const link = line.product?.links.self;
  const reduced = line.isAvailable && line.price.original > line.price.current;
  // Not among the facts: the quantity column says it.
  const facts = lineFacts(i18n, line, { quantity: false });
  const treatments = treatmentsText(i18n, line);
  const packagePrice = packageStayText(i18n, line);
  // Gift vouchers pay for stays, packages, treatments and products; an attached package is paid with its stay.
  const payable = !child && line.type !== 'voucher' && line.isAvailable;

  return (
    <tr
      className={child ? 'basket-line basket-line--child' : 'basket-line'}
      data-testid="basket-line"
      data-line-type={line.type}
      data-available={line.isAvailable}
    >
      <td className="basket-line__position">{position}</td>
      {/* The row's header is its name only; what is said about the line is a cell of its own. */}
      <th scope="row" className="basket-line__item">
        {child && <span className="basket-line__kind">{t('basket.line.package')}</span>}
        {link ? (
          <Link to={link} className="basket-line__name">
            {name}
          </Link>
        ) : (
          <span className="basket-line__name">{name}</span>
        )}
      </th>
      <td className="basket-line__details">
        {facts.length > 0 && <span className="basket-line__facts">{facts.join(' · ')}</span>}
        {treatments && (
          <span className="basket-line__treatments" data-testid="line-treatments">
            {treatments}
          </span>
        )}
        {packagePrice && (
          <span className="basket-line__package-price" data-testid="line-package-price">
            {packagePrice}
          </span>
        )}
        {!line.isAvailable && line.type === 'reservation' && (
          <RoomConflict line={line} deleting={busy} onDelete={() => onRemove(line)} />
        )}
        {!child && (
          <LineVoucher
            line={line}
            name={name}
            payable={payable}
            busy={busy}
            onRedeem={onRedeemVoucher}
            onRemove={onRemoveVoucher}
          />
        )}
      </td>
      <td className="basket-line__quantity">
        {fixed || !line.isAvailable ? (
          <span className="basket-line__fixed">{line.quantity}</span>
        ) : (
          <QuantityCounter
            label={t('basket.items.quantityOf', { name })}
            value={line.quantity}
            min={min}
            max={max}
            busy={busy}
            onChange={(quantity) => onQuantity(line, quantity)}
          />
        )}
      </td>
      <td className="basket-line__total" data-testid="line-total">
        {line.isAvailable ? (
          <>
            {reduced && (
              <>
                <span className="sr-only">{t('price.original')}: </span>
                <del className="price__original">{formatMoney(originalTotal(line), line.price.currency)}</del>{' '}
              </>
            )}
            <strong>{formatMoney(line.total, line.price.currency)}</strong>
          </>
        ) : (
          <span className="basket-line__unavailable">{t('basket.line.unavailable')}</span>
        )}
      </td>
      <td className="basket-line__actions">
        <div className="basket-line__buttons">
          {line.type === 'package' && line.isAvailable && (
            <button
              type="button"
              className="button button--small"
              aria-label={t('basket.items.changeLabel', { name })}
              aria-disabled={busy}
              onClick={() => !busy && onConfigure(line)}
            >
              {t('basket.items.change')}
            </button>
          )}
          <button
            type="button"
            className="button button--small"
            aria-label={t('basket.items.removeLabel', { name })}
            aria-disabled={busy}
            onClick={() => !busy && onRemove(line)}
          >
            {t('basket.items.remove')}
          </button>
        </div>
      </td>
    </tr>
  );
}
