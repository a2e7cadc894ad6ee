import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import defaultThumbnail from '@/assets/default-thumbnail.svg';
import { listingItem } from '@/testing/mocks/fixtures';
import { renderWithProviders } from '@/testing/test-utils';

import { cardImage, ProductCard } from './product-card';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('ProductCard', () => {
  it('shows a short title and description as they are', () => {
    renderWithProviders(<ProductCard item={listingItem({ name: 'Masaż', description: 'Krótko.' })} />);
    expect(screen.getByRole('heading', { name: 'Masaż' })).toBeTruthy();
    expect(screen.getByText('Krótko.')).toBeTruthy();
  });

  it('truncates the title to 36 and the description to 130 characters', () => {
    const name = 'Rytuał pielęgnacyjny z olejkiem arganowym i masażem głowy';
    const description = 'x'.repeat(131);
    renderWithProviders(<ProductCard item={listingItem({ name, description })} />);

    const heading = screen.getByRole('heading');
    expect(heading.textContent).toBe(`${name.slice(0, 36).trimEnd()}…`);
    expect(heading.getAttribute('title')).toBe(name);
    expect(screen.getByText(`${'x'.repeat(130)}…`)).toBeTruthy();
  });

  it('strikes the original price through when it is higher than the current one', () => {
    renderWithProviders(
      <ProductCard item={listingItem({ price: { current: 18000, original: 20000, currency: 'PLN' } })} />,
    );
    expect(plain(screen.getByRole('deletion').textContent)).toBe('200,00 zł');
    expect(plain(screen.getByTestId('card-price').textContent)).toContain('180,00 zł');
  });

  it.each([
    ['equal', 18000],
    ['lower', 15000],
  ])('shows one price when the original is %s, whatever isPromotion says', (_, original) => {
    renderWithProviders(
      <ProductCard
        item={listingItem({ isPromotion: true, price: { current: 18000, original, currency: 'PLN' } })}
      />,
    );
    expect(screen.queryByRole('deletion')).toBeNull();
    expect(plain(screen.getByTestId('card-price').textContent)).toBe('180,00 zł');
  });

  it('formats the price in the page language', () => {
    renderWithProviders(<ProductCard item={listingItem()} />, { locale: 'en_GB' });
    expect(plain(screen.getByTestId('card-price').textContent)).toBe('PLN 180.00');
  });

  it('uses the listing thumbnail, else the image, else a default', () => {
    expect(
      cardImage({ images: [{ path: '/media/a.jpg', thumbnails: { default_listing: '/media/a-thumb.jpg' } }] }),
    ).toBe('/media/a-thumb.jpg');
    expect(cardImage({ images: [{ path: '/media/a.jpg' }] })).toBe('/media/a.jpg');
    expect(cardImage({ images: [] })).toBe(defaultThumbnail);
  });
});
