/**
 * The guesthouse's settings, for administrators (401 without a session,
 * 403 without the role; the page says so itself):
 * - GET/PUT /shop-api/backend/settings/checkout: the advance payment, how
 *   long unpaid nights stay held, the cancellation terms; 400 or 422 name
 *   a field out of its range;
 * - GET/PUT /shop-api/backend/settings/payments: the methods offered to
 *   guests, which of them the server is ready for, the bank account for
 *   transfers; 422 `invalid_settings` names `methods` (a method not ready)
 *   or a field of `bankAccount`.
 * The providers' keys are in the server's environment, never here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { CheckoutSettings, CheckoutSettingsChange, PaymentSettings, PaymentSettingsChange } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { CHECKOUT_SETTINGS_PATH, PAYMENT_SETTINGS_PATH, staffKeys } from './staff-keys';

/** One settings resource: read as the server has it now, and saved (its answer replaces what was read). */
function useSettings<T, C>(path: string, key: readonly unknown[], locale: Locale) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiClient.get<T>(path, { locale, signal, cache: 'no-store', notifyOnError: (e) => !shownByDesk(e) }),
    staleTime: 0,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (change: C) => apiClient.put<T>(path, { locale, body: change, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  return { query, save };
}

export const useCheckoutSettings = (locale: Locale) =>
  useSettings<CheckoutSettings, CheckoutSettingsChange>(CHECKOUT_SETTINGS_PATH, staffKeys.checkoutSettings(locale), locale);

export const usePaymentSettings = (locale: Locale) =>
  useSettings<PaymentSettings, PaymentSettingsChange>(PAYMENT_SETTINGS_PATH, staffKeys.paymentSettings(locale), locale);
