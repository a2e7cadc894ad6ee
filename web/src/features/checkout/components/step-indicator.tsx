import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/i18n-provider';

export type IndicatorStep = 'basket' | 'personal' | 'voucher' | 'payment';

const ORDER: IndicatorStep[] = ['basket', 'personal', 'voucher', 'payment'];

/** Where a step done already leads back to. */
const BACK = {
  basket: paths.basketItems,
  personal: paths.basketPersonal,
  voucher: paths.basketVoucher,
} as const;

/**
 * Where the visitor is in the checkout (spec 2.2 names the steps: basket,
 * personal data, payment, voucher): an ordered list, the current step
 * marked with `aria-current="step"`. The voucher step is listed only for a
 * basket with a gift voucher. Every step done is a link back to it.
 */
export function StepIndicator({ current, withVoucher }: { current: IndicatorStep; withVoucher: boolean }) {
  const { t, locale } = useI18n();
  const steps = ORDER.filter((step) => step !== 'voucher' || withVoucher);
  const currentIndex = steps.indexOf(current);

  return (
    <nav className="checkout-steps" aria-label={t('checkout.steps.label')}>
      <ol className="checkout-steps__list">
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next';
          const label = t(`checkout.steps.${step}`);
          return (
            <li
              key={step}
              className={`checkout-steps__step checkout-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="checkout-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              {state === 'done' && step !== 'payment' ? (
                <Link to={BACK[step].href(locale)}>{label}</Link>
              ) : (
                <span>{label}</span>
              )}
              {state === 'done' && <span className="sr-only">{` (${t('checkout.steps.done')})`}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
