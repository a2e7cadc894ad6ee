import { lineName } from '@/features/basket/utils/cart-count';
import { lineFacts, packageStayText, treatmentsText } from '@/features/basket/utils/line-text';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartItem } from '@/types/api';

import '@/features/basket/order-lines.css';

/**
 * What is being bought, to read beside checkout's forms: each line with
 * what the basket says of it (a stay's dates, nights and guests and what
 * its package does to its price; a package's persons and treatments; a
 * voucher's value; a quantity) and its total, packages under their stay.
 * Nothing here changes the basket: that is the basket page's.
 */
export function OrderLines({ items }: { items: readonly CartItem[] }) {
  return (
    <ul className="order-lines" data-testid="order-lines">
      {items.map((line) => (
        <OrderLine key={line.id} line={line} />
      ))}
    </ul>
  );
}

function OrderLine({ line, child = false }: { line: CartItem; child?: boolean }) {
  const i18n = useI18n();
  const { t, formatMoney } = i18n;
  const details = [
    ...lineFacts(i18n, line),
    treatmentsText(i18n, line),
    packageStayText(i18n, line),
  ].filter((text): text is string => text !== null);

  return (
    <li className={child ? 'order-line order-line--child' : 'order-line'} data-testid="order-line">
      {child && <span className="order-line__kind">{t('basket.line.package')}</span>}
      <span className="order-line__name">{lineName(line)}</span>
      <span className={line.isAvailable ? 'order-line__amount' : 'order-line__amount order-line__amount--unavailable'}>
        {line.isAvailable ? formatMoney(line.total, line.price.currency) : t('basket.line.unavailable')}
      </span>
      {details.map((text) => (
        <span key={text} className="order-line__detail">
          {text}
        </span>
      ))}
      {line.childItems.length > 0 && (
        <ul className="order-lines order-lines--children">
          {line.childItems.map((attached) => (
            <OrderLine key={attached.id} line={attached} child />
          ))}
        </ul>
      )}
    </li>
  );
}
