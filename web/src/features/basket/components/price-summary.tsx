import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { CartTotals } from '@/types/api';

/**
 * The price summary box (spec 2.5): basket total, voucher (what the gift
 * voucher codes `codes` pay, named under it), shipping, deposit and what
 * is left to pay (with an advance payment: the advance now, the rest
 * later); the total in PLN too when the basket is in another currency
 * (spec 9).
 */
export function PriceSummary({
  totals,
  codes = [],
  busy = false,
  headingLevel = 2,
}: {
  totals: CartTotals;
  codes?: readonly string[];
  busy?: boolean;
  /** 3 inside a section with a heading of its own (checkout's order summary). */
  headingLevel?: 2 | 3;
}) {
  const { t, formatMoney } = useI18n();
  const headingId = useId();
  const money = (amount: number) => formatMoney(amount, totals.currency);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const advance = totals.deposit > 0;
  const rows = [
    { key: 'total', label: t('basket.summary.total'), value: money(totals.total) },
    // Paid with vouchers: taken off (no "-0").
    { key: 'vouchers', label: t('basket.summary.vouchers'), value: money(totals.vouchers === 0 ? 0 : -Math.abs(totals.vouchers)) },
    { key: 'shipping', label: t('basket.summary.shipping'), value: money(totals.shipping) },
    { key: 'deposit', label: advance ? t('basket.summary.depositNow') : t('basket.summary.deposit'), value: money(totals.deposit) },
  ];

  return (
    <section className="price-summary" aria-labelledby={headingId} aria-busy={busy} data-testid="price-summary">
      <Heading id={headingId} className="price-summary__title">
        {t('basket.summary.title')}
      </Heading>
      <dl className="price-summary__rows">
        {rows.map((row) => (
          <div key={row.key} className="price-summary__row" data-testid={`summary-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
            {row.key === 'vouchers' && codes.length > 0 && (
              <dd className="price-summary__codes" data-testid="summary-codes">
                {t('basket.summary.codes', { codes: codes.join(', ') })}
              </dd>
            )}
          </div>
        ))}
        <div className="price-summary__row price-summary__row--main" data-testid="summary-leftToPay">
          <dt>{advance ? t('basket.summary.leftToPayLater') : t('basket.summary.leftToPay')}</dt>
          <dd>{money(totals.leftToPay)}</dd>
        </div>
        {totals.base && (
          <div className="price-summary__row price-summary__row--minor" data-testid="summary-base">
            <dt>{t('basket.summary.base')}</dt>
            <dd>{formatMoney(totals.base.total, totals.base.currency)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
