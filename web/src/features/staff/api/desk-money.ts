/**
 * The front desk's changes of an order (reception and administrators):
 * - POST /shop-api/backend/orders/{bookingCode}/payments with
 *   `{amount, method, reference, reverses?}` and an `Idempotency-Key`:
 *   money received in any part, or a wrong record reversed; the same key
 *   again answers the order as it is, so a retry of one payment reuses it;
 * - GET .../cancellation: what cancelling now keeps and gives back;
 * - POST .../cancellation with `{version, fee}`: the cancellation, refused
 *   with 409 `stale_version` when the order changed since it was read;
 * - GET .../items/{id}/stay?roomCode=&checkIn=&checkOut=&adults=&children=&babies=:
 *   what moving a stay costs (409 `room_unavailable` when a night is taken);
 * - PUT .../items/{id}/stay with `{version, ...stay}`: the move;
 * - POST .../items/{id}/treatments/quote with `{treatments}`: what a
 *   package's treatments would cost; PUT .../items/{id}/treatments with
 *   `{version, treatments}`: the change.
 * Each answers the order; the desk shows refusals in place.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { Cancellation, CancellationQuote, NewPayment, StaffOrder, StayMove, ChangeQuote, StayWanted, TreatmentPick } from '@/types/api';

import { shownByDesk, staffFailure } from './staff-errors';
import { orderPath, staffKeys } from './staff-keys';

/** A new key for one payment: 32 random hex digits. */
export const paymentKey = (): string => crypto.randomUUID().replaceAll('-', '');

export const recordMoney = (code: string, locale: Locale, payment: NewPayment, key: string) =>
  apiClient.post<StaffOrder>(`${orderPath(code)}/payments`, {
    locale,
    body: payment,
    headers: { ...SCRIPT_MARKER, 'Idempotency-Key': key },
    notifyOnError: (error) => !shownByDesk(error),
  });

/** After a refusal (409) the order moved on meanwhile: show it as it is now. */
function useOrderWrite<T>(code: string, locale: Locale, write: (value: T) => Promise<StaffOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (order) => queryClient.setQueryData(staffKeys.order(code, locale), order),
    onError: (error) => {
      if (staffFailure(error) === 'refused') void queryClient.invalidateQueries({ queryKey: staffKeys.order(code, locale) });
    },
  });
}

export const useRecordMoney = (code: string, locale: Locale) =>
  useOrderWrite(code, locale, ({ payment, key }: { payment: NewPayment; key: string }) => recordMoney(code, locale, payment, key));

export const cancellationQuote = (code: string, locale: Locale, signal?: AbortSignal) =>
  apiClient.get<CancellationQuote>(`${orderPath(code)}/cancellation`, {
    locale,
    signal,
    cache: 'no-store',
    notifyOnError: (error) => !shownByDesk(error),
  });

/** Asked for when the desk opens the cancellation, and again each time. */
export const useCancellationQuote = (code: string, locale: Locale, enabled: boolean) =>
  useQuery({
    queryKey: [...staffKeys.order(code, locale), 'cancellation'],
    queryFn: ({ signal }) => cancellationQuote(code, locale, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });

export const useCancelOrder = (code: string, locale: Locale) =>
  useOrderWrite(code, locale, (cancellation: Cancellation) =>
    apiClient.post<StaffOrder>(`${orderPath(code)}/cancellation`, {
      locale,
      body: cancellation,
      headers: SCRIPT_MARKER,
      notifyOnError: (error) => !shownByDesk(error),
    }),
  );

const stayPath = (code: string, id: number) => `${orderPath(code)}/items/${id}/stay`;

/** Asked for when the desk checks a new stay; never from a cache. */
export const stayQuote = (code: string, id: number, locale: Locale, stay: StayWanted) =>
  apiClient.get<ChangeQuote>(stayPath(code, id), {
    locale,
    query: { ...stay },
    cache: 'no-store',
    notifyOnError: (error) => !shownByDesk(error),
  });

export const useMoveStay = (code: string, locale: Locale) =>
  useOrderWrite(code, locale, ({ id, move }: { id: number; move: StayMove }) =>
    apiClient.put<StaffOrder>(stayPath(code, id), {
      locale,
      body: move,
      headers: SCRIPT_MARKER,
      notifyOnError: (error) => !shownByDesk(error),
    }),
  );

const treatmentsPath = (code: string, id: number) => `${orderPath(code)}/items/${id}/treatments`;

export const treatmentsQuote = (code: string, id: number, locale: Locale, treatments: TreatmentPick[]) =>
  apiClient.post<ChangeQuote>(`${treatmentsPath(code, id)}/quote`, {
    locale,
    body: { treatments },
    headers: SCRIPT_MARKER,
    notifyOnError: (error) => !shownByDesk(error),
  });

export const useChangeTreatments = (code: string, locale: Locale) =>
  useOrderWrite(code, locale, ({ id, version, treatments }: { id: number; version: number; treatments: TreatmentPick[] }) =>
    apiClient.put<StaffOrder>(treatmentsPath(code, id), {
      locale,
      body: { version, treatments },
      headers: SCRIPT_MARKER,
      notifyOnError: (error) => !shownByDesk(error),
    }),
  );
