import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { GlobalLoadingIndicator } from '@/components/ui/global-loading-indicator';
import { basketStorage } from '@/features/basket/utils/storage';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { cart, cartItem } from '@/testing/mocks/fixtures';
import { apiPath } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';

import { useCart } from './use-cart';

const TOKEN = '0123456789abcdef0123456789abcdef';

function Lines() {
  const { locale } = useI18n();
  const basket = useCart(locale, { fresh: true });
  return <p>{basket.isFetching ? 'fetching' : `lines: ${basket.data?.items.length ?? 0}`}</p>;
}

describe('the basket fetch', () => {
  it('runs without the global loading indicator (spec 7: no loader)', async () => {
    const line = cartItem({ id: 1 });
    basketStorage.save(cart([line], { tokenValue: TOKEN }));
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiPath('/carts/:token'), async () => {
        await held;
        return HttpResponse.json(cart([line], { tokenValue: TOKEN }));
      }),
    );
    renderWithProviders(
      <>
        <GlobalLoadingIndicator />
        <Lines />
      </>,
    );
    expect(await screen.findByText('fetching')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    release();
    await waitFor(() => expect(screen.getByText('lines: 1')).toBeTruthy());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
