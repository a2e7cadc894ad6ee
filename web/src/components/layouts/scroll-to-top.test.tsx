import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '@/testing/test-utils';

import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  it('scrolls up on navigation unless the navigation keeps the position', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderRoutes([{ path: '*', element: <ScrollToTop /> }], '/a');
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenCalledTimes(2);

    await act(() => router.navigate('/b?sorting=price_asc', { state: { keepScroll: true } }));
    expect(scrollTo).toHaveBeenCalledTimes(2);

    await act(() => router.navigate('/b?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });
});
