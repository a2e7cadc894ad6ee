import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';
import { reloadPage } from '@/lib/reload-page';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';

import { createRoutes } from './router';

// The home page's code never arrives.
vi.mock('./routes/home', () => new Promise(() => {}));
vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

describe('a page whose code does not arrive', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails after 120 s with the generic notification and an error page that loads the page again', async () => {
    vi.useFakeTimers();
    // The error page logs what it shows in development.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const queryClient = createTestQueryClient();
    renderRoutes(createRoutes('pl', queryClient), '/', { locale: 'pl', queryClient });

    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('Ładowanie…');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Coś poszło nie tak...' })).toBeTruthy();
    expect(
      screen.getByText('Nie udało się wczytać tej części strony. Sprawdź połączenie z internetem i spróbuj ponownie.'),
    ).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Powiadomienia' });
    expect(within(region).getByText('Wystąpił nieoczekiwany błąd...')).toBeTruthy();
    // The layout stays: the visitor can go elsewhere.
    expect(screen.getByRole('navigation', { name: 'Menu główne' })).toBeTruthy();

    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ name: 'ChunkLoadError', timedOut: true }));

    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
