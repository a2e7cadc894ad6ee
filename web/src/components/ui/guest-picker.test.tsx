import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { renderWithProviders } from '@/testing/test-utils';
import type { Guests } from '@/utils/guests';

import { GuestPicker } from './guest-picker';

function Harness({ initial = { adults: 2, children: 0, babies: 0 } }: { initial?: Guests }) {
  const [guests, setGuests] = useState(initial);
  return <GuestPicker label="Goście" value={guests} onChange={setGuests} />;
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByTestId('guest-picker-toggle'));
  return screen.getByRole('group', { name: 'Goście' });
};

describe('GuestPicker', () => {
  it('summarises 2 adults by default and opens the counters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Goście 2 gości' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    const panel = await open(user);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByRole('group', { name: 'Dorośli' }).textContent).toContain('2');
    expect(within(panel).getByRole('group', { name: 'Dzieci (4–16 lat)' })).toBeTruthy();
    expect(within(panel).getByRole('group', { name: 'Niemowlęta (do 4 lat)' })).toBeTruthy();
  });

  it('counts children as guests and babies apart, within the limits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const panel = await open(user);
    const toggle = screen.getByTestId('guest-picker-toggle');

    expect(within(panel).getByRole('button', { name: 'Zwiększ: Dorośli' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(within(panel).getByRole('button', { name: 'Zwiększ: Dzieci (4–16 lat)' }));
    expect(toggle.textContent).toBe('3 gości');
    await user.click(within(panel).getByRole('button', { name: 'Zwiększ: Dzieci (4–16 lat)' }));
    expect(within(panel).getByRole('button', { name: 'Zwiększ: Dzieci (4–16 lat)' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(within(panel).getByRole('button', { name: 'Zwiększ: Niemowlęta (do 4 lat)' }));
    expect(toggle.textContent).toBe('4 gości, 1 niemowlę');
    await user.click(within(panel).getByRole('button', { name: 'Zwiększ: Niemowlęta (do 4 lat)' }));
    expect(toggle.textContent).toBe('4 gości, 2 niemowlęta');

    await user.click(within(panel).getByRole('button', { name: 'Zmniejsz: Dorośli' }));
    expect(within(panel).getByRole('button', { name: 'Zmniejsz: Dorośli' }).getAttribute('aria-disabled')).toBe('true');
    expect(toggle.textContent).toBe('3 gości, 2 niemowlęta');

    await user.click(within(panel).getByRole('button', { name: 'Wyczyść' }));
    expect(toggle.textContent).toBe('2 gości');
  });

  it('closes on "done" and on Escape, focus back on the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const toggle = screen.getByTestId('guest-picker-toggle');

    await open(user);
    await user.click(screen.getByRole('button', { name: 'Gotowe' }));
    expect(screen.queryByRole('group', { name: 'Goście' })).toBeNull();
    expect(document.activeElement).toBe(toggle);

    await open(user);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Goście' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it.each([
    ['pl', { adults: 1, children: 0, babies: 1 }, '1 gość, 1 niemowlę'],
    ['pl', { adults: 2, children: 2, babies: 2 }, '4 gości, 2 niemowlęta'],
    ['de', { adults: 1, children: 0, babies: 0 }, '1 Gast'],
    ['de', { adults: 2, children: 1, babies: 2 }, '3 Gäste, 2 Babys'],
    ['en_GB', { adults: 1, children: 0, babies: 1 }, '1 guest, 1 baby'],
    ['en_GB', { adults: 2, children: 0, babies: 2 }, '2 guests, 2 babies'],
  ] as const)('in %s says %j as "%s"', (locale: Locale, guests, text) => {
    renderWithProviders(<Harness initial={guests} />, { locale });
    expect(screen.getByTestId('guest-picker-toggle').textContent).toBe(text);
  });
});
