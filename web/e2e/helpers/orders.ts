import { randomUUID } from 'node:crypto';

import { expect, type APIRequestContext } from '@playwright/test';

import type { E2eLocale } from './messages';

/** A placed order as `PUT /checkout/{token}/complete` answers it (what the specs read). */
export type PlacedOrder = { bookingCode: string; dueNow: number; tokenValue: string };

/**
 * Another guest's order through the shop's API, as the browser would place
 * it: `units` rooms of `roomCode` for the stay, the guest's details, a bank
 * transfer, complete. The rooms service announces the sale, so baskets and
 * searches see it as they would a real one.
 */
export async function bookByTransfer(
  request: APIRequestContext,
  roomCode: string,
  checkIn: string,
  checkOut: string,
  { units = 1, locale = 'en_GB' }: { units?: number; locale?: E2eLocale } = {},
): Promise<PlacedOrder> {
  const token = randomUUID().replace(/-/g, '');
  const q = `channel=web_pl&locale=${locale}`;
  const ok = async (answer: Promise<{ ok(): boolean; text(): Promise<string> }>) => {
    const a = await answer;
    const text = await a.text();
    expect(a.ok(), text).toBe(true);
    return text;
  };
  await ok(request.post(`/shop-api/carts/${token}?${q}`, { data: { locale } }));
  for (let i = 0; i < units; i += 1) {
    const stay = { type: 'reservation', productCode: roomCode, options: { checkIn, checkOut, adults: 2 } };
    await ok(request.post(`/shop-api/carts/${token}/items?${q}`, { data: stay }));
  }
  const guest = {
    customer: { firstName: 'Ewa', lastName: 'Kowalska', email: 'ewa@example.pl', phone: '+48 600 200 300' },
    billingAddress: { countryCode: 'PL' },
    regulationsAccepted: true,
  };
  await ok(request.put(`/shop-api/checkout/${token}/address?${q}`, { data: guest }));
  await ok(request.put(`/shop-api/checkout/${token}/payment/0?${q}`, { data: { method: 'bank_transfer' } }));
  return JSON.parse(await ok(request.put(`/shop-api/checkout/${token}/complete?${q}`))) as PlacedOrder;
}
