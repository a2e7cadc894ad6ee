import { describe, expect, it } from 'vitest';

import defaultThumbnail from '@/assets/default-thumbnail.svg';
import { listingItem, packageItem } from '@/testing/mocks/fixtures';
import type { ProductType } from '@/types/api';

import { cardAction, cardDays, cardDescription, cardImage, cardPrice, cardTitle } from './card';

describe('card rules (spec 2.4)', () => {
  it('cuts the title at 36 and the description at 130 characters', () => {
    const name = 'Rytuał pielęgnacyjny z olejkiem arganowym i masażem głowy';
    expect(cardTitle({ name })).toBe(`${name.slice(0, 36).trimEnd()}…`);
    expect(cardTitle({ name: 'x'.repeat(36) })).toBe('x'.repeat(36));
    expect(cardDescription({ description: 'y'.repeat(131) })).toBe(`${'y'.repeat(130)}…`);
    expect(cardDescription({ description: 'y'.repeat(130) })).toBe('y'.repeat(130));
  });

  it('uses the listing thumbnail, else the image, else a default', () => {
    expect(
      cardImage({ images: [{ path: '/media/a.jpg', thumbnails: { default_listing: '/media/a-thumb.jpg' } }] }),
    ).toBe('/media/a-thumb.jpg');
    expect(cardImage({ images: [{ path: '/media/a.jpg', thumbnails: { default_listing: '' } }] })).toBe('/media/a.jpg');
    expect(cardImage({ images: [] })).toBe(defaultThumbnail);
  });

  describe('cardPrice', () => {
    it('strikes the original only when it is higher than the current price', () => {
      const price = (current: number, original: number) =>
        cardPrice(listingItem({ price: { current, original, currency: 'PLN' } }));
      expect(price(18000, 20000)).toMatchObject({ current: 18000, original: 20000, from: false });
      expect(price(18000, 18000).original).toBeNull();
      expect(price(18000, 15000).original).toBeNull();
    });

    it('shows "from" with the per-person base price for packages', () => {
      const item = packageItem({
        price: { current: 129900, original: 144900, currency: 'PLN' },
        packageBasePrice: { current: 64950, original: 72450, currency: 'PLN' },
      });
      expect(cardPrice(item)).toEqual({
        current: 64950,
        original: 72450,
        currency: 'PLN',
        from: true,
        perPerson: true,
        perNight: false,
        foreign: null,
      });
    });

    it('says a room’s price is for one night', () => {
      expect(cardPrice(listingItem({ type: 'room' }))).toMatchObject({ perNight: true, perPerson: false, from: false });
      expect(cardPrice(listingItem()).perNight).toBe(false);
    });

    it('shows a price set in another currency in PLN, from priceBase, with the price as set', () => {
      const oil = listingItem({
        type: 'product',
        price: { current: 1890, original: 2490, currency: 'EUR' },
        priceBase: { current: 8127, original: 10707, currency: 'PLN' },
      });
      expect(cardPrice(oil)).toMatchObject({
        current: 8127,
        original: 10707,
        currency: 'PLN',
        foreign: { current: 1890, currency: 'EUR' },
      });
      // A PLN price is shown as it is; a base price in another currency does not count.
      expect(cardPrice(listingItem()).foreign).toBeNull();
      expect(cardPrice({ ...oil, priceBase: { ...oil.price } })).toMatchObject({ currency: 'EUR', foreign: null });
    });

    it("converts a package's per-person price only when it is the price on the wire", () => {
      const eur = { current: 30000, original: 30000, currency: 'EUR' };
      const priceBase = { current: 129000, original: 129000, currency: 'PLN' };
      expect(cardPrice(packageItem({ price: eur, priceBase, packageBasePrice: eur }))).toMatchObject({ current: 129000, currency: 'PLN' });
      const perPerson = { current: 15000, original: 15000, currency: 'EUR' };
      expect(cardPrice(packageItem({ price: eur, priceBase, packageBasePrice: perPerson }))).toMatchObject({
        current: 15000,
        currency: 'EUR',
        foreign: null,
      });
    });

    it('falls back to the price for a package without a base price', () => {
      const item = packageItem({ packageBasePrice: undefined });
      expect(cardPrice(item)).toMatchObject({ current: 129900, from: true, perPerson: false });
    });

    it('shows "from" for day spa, not for other types', () => {
      expect(cardPrice(listingItem({ type: 'day_spa' })).from).toBe(true);
      for (const type of ['treatment', 'product', 'room', 'voucher', 'gift'] as const) {
        expect(cardPrice(listingItem({ type })).from).toBe(false);
      }
    });
  });

  it('shows days as nights plus one, for stays only', () => {
    expect(cardDays({ type: 'package', numNights: 2 })).toBe(3);
    expect(cardDays({ type: 'package', numNights: 5 })).toBe(6);
    expect(cardDays({ type: 'treatment', numNights: 0 })).toBeNull();
    expect(cardDays({ type: 'day_spa', numNights: 0 })).toBeNull();
    // A room's price is per night: no day count.
    expect(cardDays({ type: 'room', numNights: 1 })).toBeNull();
  });

  describe('cardAction', () => {
    const item = (type: ProductType) =>
      listingItem({ type, code: 'CODE_1', links: { self: '/x/slug' } });

    it('sends "reserve" on a room to the room\'s page', () => {
      expect(cardAction(item('room'), 'pl')).toEqual({ kind: 'reserve', href: '/x/slug' });
      expect(cardAction(item('room'), 'en_GB')).toEqual({ kind: 'reserve', href: '/x/slug' });
    });

    it('links packages and day spa to their page', () => {
      expect(cardAction(item('package'), 'pl')).toEqual({ kind: 'details', href: '/x/slug' });
      expect(cardAction(item('day_spa'), 'de')).toEqual({ kind: 'details', href: '/x/slug' });
    });

    it('sends vouchers and gifts to the voucher configuration', () => {
      expect(cardAction(item('voucher'), 'pl')).toEqual({
        kind: 'voucher',
        href: '/oferta/vouchery/konfiguracja?code=CODE_1',
      });
      expect(cardAction(item('gift'), 'en_GB')).toEqual({
        kind: 'voucher',
        href: '/en/offer/vouchers/configure?code=CODE_1',
      });
    });

    it('puts treatments and products into the basket', () => {
      expect(cardAction(item('treatment'), 'pl')).toEqual({ kind: 'basket' });
      expect(cardAction(item('product'), 'pl')).toEqual({ kind: 'basket' });
    });
  });
});
