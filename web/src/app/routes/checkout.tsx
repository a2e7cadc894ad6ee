/**
 * The checkout pages (spec 2.2, 2.4): the personal data, voucher, payment
 * and complete steps and the voucher configuration, one chunk loaded with
 * the shop's and checkout's texts. Checkout works on the basket, which is
 * another feature: ./checkout-basket.tsx fills in what checkout needs of
 * it with the basket's own helpers.
 */
import type { ReactNode } from 'react';

import {
  CompletePage,
  PaymentPage,
  PersonalPage,
  VoucherPage,
} from '@/features/checkout/components/checkout-pages';
import { VoucherConfigurationPage } from '@/features/checkout/components/voucher-configuration';

import { CheckoutBasketProvider } from './checkout-basket';

const withBasket = (Page: () => ReactNode) =>
  function CheckoutRoute() {
    return (
      <CheckoutBasketProvider>
        <Page />
      </CheckoutBasketProvider>
    );
  };

export const PersonalRoute = withBasket(PersonalPage);
export const VoucherRoute = withBasket(VoucherPage);
export const PaymentRoute = withBasket(PaymentPage);
export const CompleteRoute = withBasket(CompletePage);
export const VoucherConfigurationRoute = withBasket(VoucherConfigurationPage);
