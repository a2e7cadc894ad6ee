import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { createTestQueryClient, renderRoutes } from '@/testing/test-utils';

import { createRoutes } from './router';

// The build's VITE_HOME_VIDEO_ID, per test.
const film = vi.hoisted(() => ({ id: '' }));
vi.mock('@/config/home-video', () => ({
  get HOME_VIDEO_ID() {
    return film.id;
  },
}));

afterEach(() => {
  film.id = '';
});

function renderHome(locale: Locale, url: string) {
  const queryClient = createTestQueryClient();
  return renderRoutes(createRoutes(locale, queryClient), url, { locale, queryClient });
}

describe('the home page’s film', () => {
  it('is offered when the build names a video, and plays it in the video modal (Polish)', async () => {
    film.id = 'spaFilm_01';
    renderHome('pl', '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Obejrzyj film' }));
    const dialog = screen.getByRole('dialog', { name: 'Pensjonat Spa & Wellness – film' });
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/spaFilm_01');
    await user.click(within(dialog).getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is in English on the English home page', async () => {
    film.id = 'spaFilm_01';
    renderHome('en_GB', '/en');
    expect(await screen.findByRole('button', { name: 'Watch the film' })).toBeTruthy();
  });

  it('is not offered without a video', async () => {
    renderHome('en_GB', '/en');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Watch the film' })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
