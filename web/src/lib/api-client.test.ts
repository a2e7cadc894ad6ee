import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';

import { ApiError, apiClient, buildApiUrl } from './api-client';
import { notifications } from './notifications';

const messages = () => notifications.getSnapshot().map((n) => `${n.type}: ${n.message}`);

describe('apiClient', () => {
  it('builds URLs under /shop-api with channel and locale', () => {
    expect(buildApiUrl('/offer/treatment', 'en_GB', { page: 2 })).toBe(
      '/shop-api/offer/treatment?page=2&channel=web_pl&locale=en_GB',
    );
  });

  it('always sends channel and locale', async () => {
    let seen: URL | undefined;
    server.use(
      http.get(apiPath('/taxons/'), ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiClient.get('/taxons/', { locale: 'de', query: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    expect(seen?.searchParams.get('channel')).toBe('web_pl');
    expect(seen?.searchParams.get('locale')).toBe('de');
    expect(seen?.searchParams.get('a')).toBe('1');
  });

  it('throws an ApiError with the body message and notifies', async () => {
    server.use(
      http.get(apiPath('/offer/:type'), () =>
        HttpResponse.json(
          { code: 'bad_query', message: 'Limit jest za duży', errors: [{ field: 'limit', message: 'max 1000' }] },
          { status: 400 },
        ),
      ),
    );
    const error = await apiClient.get('/offer/treatment', { locale: 'pl' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'bad_query',
      message: 'Limit jest za duży',
      errors: [{ field: 'limit', message: 'max 1000' }],
    });
    expect(messages()).toEqual(['error: Limit jest za duży']);
  });

  it('uses the generic message when the body has none', async () => {
    server.use(http.get(apiPath('/offer/:type'), () => new HttpResponse('oops', { status: 503 })));
    await expect(apiClient.get('/offer/room', { locale: 'en_GB' })).rejects.toMatchObject({
      status: 503,
      code: 'unknown_error',
    });
    expect(messages()).toEqual(['error: An unexpected error has occurred...']);
  });

  it('reports a request that could not be sent', async () => {
    server.use(http.get(apiPath('/offer/:type'), () => HttpResponse.error()));
    await expect(apiClient.get('/offer/room', { locale: 'pl' })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
    expect(messages()).toEqual(['error: Wystąpił nieoczekiwany błąd...']);
  });

  it('asks a predicate whether to notify', async () => {
    server.use(
      http.get(apiPath('/products/by-slug/:slug'), () =>
        HttpResponse.json({ code: 'product_not_found', message: 'Nie ma' }, { status: 404 }),
      ),
    );
    const quietOn404 = (error: ApiError) => error.status !== 404;
    await expect(
      apiClient.get('/products/by-slug/x', { locale: 'pl', notifyOnError: quietOn404 }),
    ).rejects.toMatchObject({ status: 404, code: 'product_not_found' });
    expect(messages()).toEqual([]);

    server.use(
      http.get(apiPath('/products/by-slug/:slug'), () =>
        HttpResponse.json({ message: 'Awaria' }, { status: 500 }),
      ),
    );
    await expect(
      apiClient.get('/products/by-slug/x', { locale: 'pl', notifyOnError: quietOn404 }),
    ).rejects.toMatchObject({ status: 500 });
    expect(messages()).toEqual(['error: Awaria']);
  });

  it('stays quiet when the caller handles the error', async () => {
    server.use(http.get(apiPath('/offer/:type'), () => HttpResponse.json({}, { status: 500 })));
    await expect(apiClient.get('/offer/room', { locale: 'pl', notifyOnError: false })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(messages()).toEqual([]);
  });

  it('sends JSON bodies', async () => {
    let body: unknown;
    server.use(
      http.post(apiPath('/newsletter/subscribe'), async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 201 });
      }),
    );
    await apiClient.post('/newsletter/subscribe', { locale: 'pl', body: { email: 'a@b.pl' } });
    expect(body).toEqual({ email: 'a@b.pl' });
  });

  it('sends a raw body as it is, with its own type', async () => {
    let seen: { type: string | null; bytes: number[] } | undefined;
    server.use(
      http.post(apiPath('/backend/products/:code/images'), async ({ request }) => {
        seen = { type: request.headers.get('Content-Type'), bytes: [...new Uint8Array(await request.arrayBuffer())] };
        return HttpResponse.json({ ok: true });
      }),
    );
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    await expect(apiClient.post('/backend/products/X/images', { locale: 'pl', rawBody: file })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ type: 'image/png', bytes: [137, 80, 78, 71] });
  });

  it('fetches a same-origin page fragment as text, without the channel query', async () => {
    let seen: URL | undefined;
    let accept: string | null = null;
    server.use(
      http.get('*/pl/_partial/rooms/:code', ({ request }) => {
        seen = new URL(request.url);
        accept = request.headers.get('Accept');
        return HttpResponse.text('<article class="room-partial">Pokój</article>');
      }),
    );
    await expect(apiClient.getPage('/pl/_partial/rooms/ROOM_1', { locale: 'pl' })).resolves.toBe(
      '<article class="room-partial">Pokój</article>',
    );
    expect(seen?.pathname).toBe('/pl/_partial/rooms/ROOM_1');
    expect(seen?.search).toBe('');
    expect(accept).toBe('text/html');
  });

  it('treats a failed fragment like a failed API call', async () => {
    server.use(
      http.get('*/de/_partial/rooms/:code', () =>
        HttpResponse.json({ code: 'not_found', message: 'Zimmer nicht gefunden' }, { status: 404 }),
      ),
    );
    await expect(apiClient.getPage('/de/_partial/rooms/X', { locale: 'de' })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(messages()).toEqual(['error: Zimmer nicht gefunden']);
    await expect(apiClient.getPage('https://example.org/x', { locale: 'de' })).rejects.toThrow(/same-origin/);
  });
});
