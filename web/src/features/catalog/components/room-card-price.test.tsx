import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { Locale } from '@/lib/i18n/locale';
import { listingItem } from '@/testing/mocks/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

import { ProductCard } from './product-card';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe("a room's card price", () => {
  it.each<[Locale, string]>([
    ['pl', '180,00 zł za noc'],
    ['de', '180,00 PLN pro Nacht'],
    ['en_GB', 'PLN 180.00 per night'],
  ])('says in %s that it is for one night', (locale, text) => {
    renderWithProviders(<ProductCard item={listingItem({ type: 'room', name: 'Pokój', numNights: 1 })} />, { locale });
    expect(plain(screen.getByTestId('card-price').textContent)).toBe(text);
    cleanup();
    // Other offers' prices are not per night.
    renderWithProviders(<ProductCard item={listingItem({ type: 'treatment' })} />, { locale });
    expect(screen.getByTestId('card-price').textContent).not.toContain(text.split(' ').slice(-2).join(' '));
  });
});
