/**
 * The guesthouse's settings, for administrators (401 without a session,
 * 403 without the role; the page says so itself):
 * - GET/PUT /shop-api/backend/settings/guesthouse: the guesthouse's details
 *   (name, address, phones, the reception and the office, the position on
 *   the map) in every language; 400 names a missing field, 422
 *   `invalid_settings` each broken rule (`phones[1].number`,
 *   `reception.hours[0].to`);
 * - GET/PUT /shop-api/backend/settings/checkout: the advance payment, how
 *   long unpaid nights stay held, the cancellation terms; 400 or 422 name
 *   a field out of its range;
 * - GET/PUT /shop-api/backend/settings/payments: the methods offered to
 *   guests, which of them the server is ready for, the bank account for
 *   transfers; 422 `invalid_settings` names `methods` (a method not ready)
 *   or a field of `bankAccount`.
 * - POST /shop-api/backend/settings/payments/test `{method}`: a 1 zł test
 *   payment registered with an online provider, to see that its keys work;
 *   the provider's page or its refusal (422 `invalid_settings` naming
 *   `method` when its keys are not set).
 * - GET /shop-api/backend/settings/mail: whether a mail server is set, the
 *   sender, the last test e-mails; POST .../mail/test `{recipient}` queues
 *   one (202), 422 `invalid_email` naming `recipient`.
 * The providers' keys and the mail password are in the server's
 * environment, never here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type {
  CheckoutSettings,
  CheckoutSettingsChange,
  GuesthouseDetails,
  GuesthouseSettings,
  MailSettings,
  PaymentSettings,
  PaymentSettingsChange,
  TestPayment,
} from '@/types/api';

import { shownByDesk } from './staff-errors';
import {
  CHECKOUT_SETTINGS_PATH,
  GUESTHOUSE_SETTINGS_PATH,
  MAIL_SETTINGS_PATH,
  MAIL_TEST_PATH,
  PAYMENT_SETTINGS_PATH,
  PAYMENT_TEST_PATH,
  staffKeys,
} from './staff-keys';

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

export const useGuesthouseSettings = (locale: Locale) =>
  useSettings<GuesthouseSettings, GuesthouseDetails>(GUESTHOUSE_SETTINGS_PATH, staffKeys.guesthouseSettings(locale), locale);

export const useCheckoutSettings = (locale: Locale) =>
  useSettings<CheckoutSettings, CheckoutSettingsChange>(CHECKOUT_SETTINGS_PATH, staffKeys.checkoutSettings(locale), locale);

export const usePaymentSettings = (locale: Locale) =>
  useSettings<PaymentSettings, PaymentSettingsChange>(PAYMENT_SETTINGS_PATH, staffKeys.paymentSettings(locale), locale);

/** A test payment with an online provider: how its registration went. */
export function useTestPayment(locale: Locale) {
  return useMutation({
    mutationFn: (method: 'przelewy24' | 'paypal') =>
      apiClient.post<TestPayment>(PAYMENT_TEST_PATH, { locale, body: { method }, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
  });
}

/** How a test e-mail stands: asked again every few seconds while one waits. */
const WAITING_POLL_MS = 3000;

export function useMailSettings(locale: Locale) {
  const queryClient = useQueryClient();
  const key = staffKeys.mailSettings(locale);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiClient.get<MailSettings>(MAIL_SETTINGS_PATH, { locale, signal, cache: 'no-store', notifyOnError: (e) => !shownByDesk(e) }),
    staleTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data?.tests.some((mail) => !mail.sentAt && !mail.lastError) ? WAITING_POLL_MS : false),
  });
  const send = useMutation({
    mutationFn: (recipient: string) =>
      apiClient.post<MailSettings>(MAIL_TEST_PATH, { locale, body: { recipient }, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
  return { query, send };
}
