import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';

import { FormRadioGroup } from '@/components/ui/form-fields';
import { StatusMessage } from '@/components/ui/status-message';
import { externalPaths, paths } from '@/config/paths';
import { choosePayment } from '@/features/checkout/api/choose-payment';
import { checkoutKeys } from '@/features/checkout/api/checkout-keys';
import { completeCheckout, isPriceChanged, isRoomJustBooked } from '@/features/checkout/api/complete-checkout';
import { usePayment } from '@/features/checkout/api/get-payment';
import { useCartAnswer } from '@/features/checkout/api/use-cart-answer';
import { hasVouchers } from '@/features/checkout/utils/guards';
import { goToPage } from '@/features/checkout/utils/go-to-page';
import { totalsWithAmount, type PaymentAmount } from '@/features/checkout/utils/payment-totals';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Translate } from '@/lib/i18n/translate';
import type { Cart, PaymentOffer } from '@/types/api';

import { useCheckoutBasket } from './checkout-basket';
import { CheckoutLayout } from './order-summary';
import { PaymentLoader } from './payment-loader';
import { StepIndicator } from './step-indicator';

type Values = { method: string; amount: PaymentAmount };

const paymentSchema = (t: Translate) =>
  z.object({
    method: z.string().min(1, t('checkout.error.paymentMethod')),
    amount: z.enum(['full', 'deposit']),
  });

/**
 * The payment step (spec 2.2): the payment method, the advance payment
 * where it is offered (paid now, the rest later), the price summary (with
 * the option the guest has ticked, before it is saved), and "pay and finish": the choice is saved, the order placed while the
 * payment loader shows, and the browser goes to the payment site
 * (/order/{token}/pay). The basket is forgotten then: it is an order now,
 * and the next add starts a new one.
 */
export function PaymentStepView({ cart, token }: { cart: Cart; token: string }) {
  const { t, locale } = useI18n();
  const payment = usePayment(locale, token);
  const indicator = <StepIndicator current="payment" withVoucher={hasVouchers(cart)} />;

  let body;
  // The methods as they are now (a method chosen before is chosen still), not a copy from an earlier visit.
  if (payment.isPending || (!payment.isFetchedAfterMount && payment.isFetching)) {
    body = <StatusMessage kind="loading">{t('checkout.payment.loading')}</StatusMessage>;
  } else if (payment.isError || !payment.data) {
    body = (
      <StatusMessage
        kind="error"
        onRetry={() => void payment.refetch()}
      >
        {t('checkout.payment.error')}
      </StatusMessage>
    );
  } else if (payment.data.methods.length === 0) {
    // The guesthouse offers no way to pay online now (no account for transfers, no provider): say so, never an empty choice.
    body = (
      <StatusMessage
        kind="error"
        action={
          <Link className="button" to={paths.contact.href(locale)}>
            {t('checkout.loader.contact')}
          </Link>
        }
      >
        {t('checkout.payment.noMethods')}
      </StatusMessage>
    );
  } else {
    // The form lays the step out itself: its summary follows the option ticked.
    return (
      <>
        {indicator}
        <PaymentForm cart={cart} token={token} offer={payment.data} />
      </>
    );
  }

  return (
    <>
      {indicator}
      <CheckoutLayout cart={cart}>{body}</CheckoutLayout>
    </>
  );
}

function PaymentForm({ cart, token, offer }: { cart: Cart; token: string; offer: PaymentOffer }) {
  const { t, locale, formatMoney, formatDate } = useI18n();
  const navigate = useNavigate();
  const basket = useCheckoutBasket();
  const answer = useCartAnswer();
  const queryClient = useQueryClient();
  const requiredNoteId = useId();
  const termsId = useId();
  const resolver = useMemo(() => zodResolver(paymentSchema(t)), [t]);
  const form = useForm<Values>({
    resolver,
    defaultValues: { method: offer.method ?? '', amount: offer.deposit?.chosen ? 'deposit' : 'full' },
    shouldFocusError: true,
  });

  const dueInFull = cart.totals.total - cart.totals.vouchers;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const shownTotals = totalsWithAmount(cart.totals, offer.deposit, amount);
  const pay = useMutation({
    meta: { skipGlobalLoader: true },
    mutationFn: async ({ method, amount }: Values) => {
      // What this step shows is what the order charges: another amount due
      // now (a price changed since) is refused before anything is placed.
      const deposit = amount === 'deposit' && !!offer.deposit;
      const expectedDueNow = deposit && offer.deposit ? offer.deposit.amount : dueInFull;
      const chosen = await choosePayment(locale, token, { method, deposit, expectedDueNow });
      answer(chosen);
      return completeCheckout(locale, token);
    },
    onSuccess: (order) => {
      // Nothing stale is kept: the basket became an order, and the next add starts a new one.
      // The step itself stays as it is, under the loader, until the browser has left the page.
      basket.forget();
      goToPage(externalPaths.orderPayment(order.tokenValue));
    },
    onError: (error) => {
      // A room sold meanwhile: the basket shows it, with its way out. A
      // price changed: the summary and the advance show the new amounts.
      if (isRoomJustBooked(error) || isPriceChanged(error)) basket.refresh();
      if (isPriceChanged(error)) {
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.start(locale, token) });
        void queryClient.invalidateQueries({ queryKey: checkoutKeys.payment(locale, token) });
      }
    },
  });

  const money = (amount: number) => formatMoney(amount, cart.totals.currency);
  const deposit = offer.deposit;
  // The terms the order is placed under, read before "pay and finish" as its e-mail says them.
  const cancellationWords = ({ freeUntil, feePercent }: NonNullable<PaymentOffer['cancellation']>) =>
    feePercent === 0
      ? t('checkout.payment.cancellationFree')
      : freeUntil
        ? t('checkout.payment.cancellationFreeUntil', { date: formatDate(freeUntil), percent: feePercent })
        : t('checkout.payment.cancellationFeeNow', { percent: feePercent });

  return (
    <FormProvider {...form}>
      <CheckoutLayout cart={cart} totals={shownTotals}>
        <form
          className="checkout-form"
          noValidate
          aria-describedby={requiredNoteId}
          onSubmit={(event) => void form.handleSubmit((values) => !pay.isPending && pay.mutate(values))(event)}
        >
          <p id={requiredNoteId} className="checkout-form__note">
            {t('checkout.requiredNote')}
          </p>
          <div className="checkout-form__section">
            <FormRadioGroup
              name="method"
              legend={t('checkout.payment.method')}
              required
              options={offer.methods.map((method) => ({ value: method.code, label: method.name }))}
            />
          </div>
          {deposit && (
            <div className="checkout-form__section" data-testid="deposit-choice">
              <FormRadioGroup
                name="amount"
                legend={t('checkout.payment.amount')}
                options={[
                  { value: 'full', label: t('checkout.payment.full'), description: t('checkout.payment.fullNow', { amount: money(dueInFull) }) },
                  {
                    value: 'deposit',
                    label: t('checkout.payment.deposit'),
                    description: t('checkout.payment.depositNow', {
                      amount: money(deposit.amount),
                      rest: money(Math.max(0, dueInFull - deposit.amount)),
                    }),
                  },
                ]}
              />
            </div>
          )}

          {offer.cancellation && (
            <section className="checkout-form__section" aria-labelledby={termsId} data-testid="cancellation-terms">
              <h2 id={termsId} className="checkout-form__heading">
                {t('checkout.payment.cancellation')}
              </h2>
              <p>{cancellationWords(offer.cancellation)}</p>
            </section>
          )}

          <div className="checkout-form__actions">
            <Link className="button" to={paths.basketItems.href(locale)}>
              {t('checkout.backToBasket')}
            </Link>
            <button type="submit" className="button button--primary" aria-disabled={pay.isPending}>
              {t('checkout.payment.submit')}
            </button>
          </div>
        </form>
      </CheckoutLayout>
      {(pay.isPending || pay.isSuccess) && <PaymentLoader state="waiting" />}
      {pay.isError && isPriceChanged(pay.error) && (
        // Nothing was placed: the guest looks at the new amounts here and confirms again.
        <PaymentLoader state="error" message={pay.error.message} backLabel={t('checkout.loader.review')} onBack={() => pay.reset()} />
      )}
      {pay.isError && !isPriceChanged(pay.error) && (
        <PaymentLoader
          state="error"
          message={isRoomJustBooked(pay.error) ? pay.error.message : undefined}
          onBack={() => {
            pay.reset();
            void navigate(paths.basketItems.href(locale));
          }}
        />
      )}
    </FormProvider>
  );
}
