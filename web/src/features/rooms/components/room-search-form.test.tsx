import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { searchFromQuery } from '@/features/rooms/utils/search-query';
import { renderRoutes } from '@/testing/test-utils';

import { RoomSearchForm } from './room-search-form';

const TODAY = '2026-06-10';

function renderForm(query = '') {
  return renderRoutes(
    [
      {
        path: '/reservation/search',
        element: <RoomSearchForm initial={searchFromQuery(new URLSearchParams(query))} today={TODAY} />,
      },
      { path: '/reservation/rooms', element: <p>wyniki</p> },
    ],
    `/reservation/search${query ? `?${query}` : ''}`,
  );
}

const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)!;

describe('RoomSearchForm', () => {
  it('asks for dates before searching', async () => {
    const user = userEvent.setup();
    const { router } = renderForm();
    expect(screen.getByRole('search', { name: 'Wyszukiwanie pokoi' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Szukaj pokoi' }));
    expect(screen.getByText('Wybierz datę przyjazdu i wyjazdu.')).toBeTruthy();
    const toggle = screen.getByTestId('date-field-toggle');
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/reservation/search');
  });

  it('searches with the picked stay and guests in the results URL', async () => {
    const user = userEvent.setup();
    const { router } = renderForm();

    await user.click(screen.getByTestId('date-field-toggle'));
    // From today only: yesterday cannot be picked.
    expect(day('2026-06-09').getAttribute('aria-disabled')).toBe('true');
    await user.click(day('2026-06-15'));
    await user.click(day('2026-06-18'));

    await user.click(screen.getByTestId('guest-picker-toggle'));
    await user.click(screen.getByRole('button', { name: 'Zwiększ: Dzieci (4–16 lat)' }));
    await user.click(screen.getByRole('button', { name: 'Gotowe' }));

    await user.click(screen.getByRole('button', { name: 'Szukaj pokoi' }));
    expect(await screen.findByText('wyniki')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reservation/rooms');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      dateFrom: '2026-06-15',
      dateTo: '2026-06-18',
      adults: '2',
      children: '1',
      babies: '0',
    });
  });

  it('starts from the search in the URL and keeps stays within 30 nights', async () => {
    const user = userEvent.setup();
    renderForm('dateFrom=2026-07-01&dateTo=2026-07-04&adults=1&babies=1');
    expect(screen.getByTestId('date-field-toggle').textContent).toContain('01.07.2026 – 04.07.2026 (3 noce)');
    expect(screen.getByTestId('guest-picker-toggle').textContent).toBe('1 gość, 1 niemowlę');

    await user.click(screen.getByTestId('date-field-toggle'));
    await user.click(day('2026-07-01'));
    expect(day('2026-07-31').getAttribute('aria-disabled')).toBeNull();
    expect(day('2026-08-01').getAttribute('aria-disabled')).toBe('true');
  });
});
