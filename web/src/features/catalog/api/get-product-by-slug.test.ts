import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { getProductBySlug, isNotFound } from './get-product-by-slug';

const toasts = () => notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`);
const serve = (answer: () => Response) => server.use(http.get(apiPath('/products/by-slug/:slug'), answer));

describe('getProductBySlug', () => {
  it("shows a failure in an error toast with the server's message, as sent", async () => {
    serve(() => HttpResponse.json({ code: 'unavailable', message: 'Katalog ist nicht erreichbar' }, { status: 503 }));
    await expect(getProductBySlug({ slug: 'arnika-massageoel', locale: 'de' })).rejects.toMatchObject({ status: 503 });
    expect(toasts()).toEqual(['error: Katalog ist nicht erreichbar']);
  });

  it('shows the localized generic message when the answer has no message', async () => {
    serve(() => new HttpResponse('Bad gateway', { status: 502 }));
    await expect(getProductBySlug({ slug: 'wino', locale: 'pl' })).rejects.toMatchObject({ status: 502 });
    expect(toasts()).toEqual(['error: Wystąpił nieoczekiwany błąd...']);
  });

  it('shows the localized generic message when the request cannot be sent', async () => {
    serve(() => HttpResponse.error());
    await expect(getProductBySlug({ slug: 'arnica-massage-oil', locale: 'en_GB' })).rejects.toMatchObject({ status: 0 });
    expect(toasts()).toEqual(['error: An unexpected error has occurred...']);
  });

  it('leaves a 404 to the page (the not-found page), without a toast', async () => {
    serve(() => HttpResponse.json({ code: 'product_not_found', message: 'Product not found' }, { status: 404 }));
    const error = await getProductBySlug({ slug: 'nie-ma', locale: 'pl' }).catch((e: unknown) => e);
    expect(isNotFound(error)).toBe(true);
    expect(toasts()).toEqual([]);
  });
});
