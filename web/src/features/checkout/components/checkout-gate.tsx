import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';

import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { isLostCart, useCheckoutStart } from '@/features/checkout/api/start-checkout';
import { NO_BASKET, stepRedirect, type CheckoutStep } from '@/features/checkout/utils/guards';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Cart } from '@/types/api';

import { useCheckoutBasket } from './checkout-basket';

type Props = {
  step: CheckoutStep;
  children: (cart: Cart, token: string) => ReactNode;
};

/**
 * A checkout step's entry (spec 2.2): the basket is asked for afresh
 * (`GET /checkout/{token}/start`) and the step's guard decides on that
 * answer whether the step opens or the visitor goes elsewhere. No basket:
 * nothing to check out. A basket the server lost, or one that became an
 * order already, is forgotten and the visitor goes to the (new) basket.
 */
export function CheckoutGate({ step, children }: Props) {
  const { locale } = useI18n();
  const stored = useCheckoutBasket().token;
  // A basket forgotten while the step is open (its order was just placed and
  // the browser is on its way to the payment site) leaves the step as it is;
  // a basket another tab started instead is the one checked out.
  const [seen, setSeen] = useState(stored);
  if (stored && stored !== seen) setSeen(stored);
  const token = stored ?? seen;
  if (!token) return <Navigate to={paths[NO_BASKET[step]].href(locale)} replace />;
  return (
    <GateWithToken key={token} step={step} token={token}>
      {children}
    </GateWithToken>
  );
}

function GateWithToken({ step, token, children }: Props & { token: string }) {
  const { t, locale } = useI18n();
  const basket = useCheckoutBasket();
  const navigate = useNavigate();
  const start = useCheckoutStart(locale, token);
  const fresh = start.isFetchedAfterMount && !start.isError ? start.data : undefined;
  const gone = (start.isError && isLostCart(start.error)) || fresh?.checkoutState === 'completed';

  useEffect(() => {
    if (!gone) return;
    void navigate(paths.basketItems.href(locale), { replace: true });
    basket.forget();
  }, [gone, navigate, locale, basket]);

  if (gone) return null;
  if (start.isError && !start.isFetching) {
    return (
      <StatusMessage
        kind="error"
        onRetry={() => void start.refetch()}
      >
        {t('checkout.loadError')}
      </StatusMessage>
    );
  }
  if (!fresh) return <StatusMessage kind="loading">{t('checkout.loading')}</StatusMessage>;
  const redirect = stepRedirect(step, fresh);
  if (redirect) return <Navigate to={paths[redirect].href(locale)} replace />;
  return children(fresh, token);
}
