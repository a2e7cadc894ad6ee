import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';

import { paths } from '@/config/paths';
import { usePageHead } from '@/hooks/use-page-head';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';

import { CheckoutGate } from './checkout-gate';
import { PaymentStepView } from './payment-step';
import { PersonalStep } from './personal-step';
import { VoucherStepView } from './voucher-step';

import '@/features/checkout/checkout.css';

/** A checkout page: its title (the document's too), its description and its content. */
export function CheckoutPage({
  titleKey,
  descriptionKey,
  children,
}: {
  titleKey: MessageKey;
  descriptionKey: MessageKey;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const title = t(titleKey);
  usePageHead(title, t(descriptionKey));
  return (
    <div className="page checkout-page">
      <div className="page__header">
        <h1>{title}</h1>
      </div>
      {children}
    </div>
  );
}

/** The personal data step (spec 2.2). */
export function PersonalPage() {
  return (
    <CheckoutPage titleKey="basket.steps.personal" descriptionKey="checkout.personal.description">
      <CheckoutGate step="personal">{(cart, token) => <PersonalStep cart={cart} token={token} />}</CheckoutGate>
    </CheckoutPage>
  );
}

/** The voucher step (spec 2.2). */
export function VoucherPage() {
  return (
    <CheckoutPage titleKey="basket.steps.voucher" descriptionKey="checkout.voucher.intro">
      <CheckoutGate step="voucher">{(cart, token) => <VoucherStepView cart={cart} token={token} />}</CheckoutGate>
    </CheckoutPage>
  );
}

/** The payment step (spec 2.2). */
export function PaymentPage() {
  return (
    <CheckoutPage titleKey="basket.steps.payment" descriptionKey="checkout.payment.description">
      <CheckoutGate step="payment">{(cart, token) => <PaymentStepView cart={cart} token={token} />}</CheckoutGate>
    </CheckoutPage>
  );
}

/** The booking code's shape, `SPA-XXXX-XXXX`: anything else in the query is not shown. */
const BOOKING_CODE = /^SPA-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * The order complete page (spec 2.2): thanks, the order summary and the
 * unique booking code were e-mailed (the code shown too when the payment
 * site passes `?bookingCode=`), the mailbox and the profile.
 */
export function CompletePage() {
  const { t, locale } = useI18n();
  const [search] = useSearchParams();
  const code = search.get('bookingCode')?.trim().toUpperCase() ?? '';
  return (
    <CheckoutPage titleKey="basket.steps.complete" descriptionKey="checkout.complete.description">
      <section className="checkout-complete" data-testid="checkout-complete">
        <p className="checkout-complete__thanks">{t('checkout.complete.thanks')}</p>
        <p>{t('checkout.complete.mailed')}</p>
        {BOOKING_CODE.test(code) && (
          <p className="checkout-complete__code">
            {t('checkout.complete.code')} <strong data-testid="booking-code">{code}</strong>
          </p>
        )}
        <p>{t('checkout.complete.mailbox')}</p>
        <p>{t('checkout.complete.profile')}</p>
        <Link className="button button--primary" to={paths.root.href(locale)}>
          {t('checkout.complete.home')}
        </Link>
      </section>
    </CheckoutPage>
  );
}
