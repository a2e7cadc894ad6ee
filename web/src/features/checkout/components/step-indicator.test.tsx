import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { StepIndicator } from './step-indicator';

describe('StepIndicator', () => {
  it('lists the steps in order, marks the current one, links back to every step done', () => {
    renderWithProviders(<StepIndicator current="payment" withVoucher />, { locale: 'de' });
    const nav = screen.getByRole('navigation', { name: 'Bestellschritte' });
    const steps = within(within(nav).getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Warenkorb (erledigt)',
      '2Persönliche Daten (erledigt)',
      '3Gutschein (erledigt)',
      '4Zahlung',
    ]);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, null, 'step']);
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Warenkorb', '/basket/items'],
      ['Persönliche Daten', '/basket/personal'],
      ['Gutschein', '/basket/voucher'],
    ]);
    expect(nav.querySelector('ol')).toBeTruthy();
  });

  it('leaves the voucher step out for a basket without a gift voucher', () => {
    renderWithProviders(<StepIndicator current="personal" withVoucher={false} />, { locale: 'en_GB' });
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Basket (completed)', '2Personal data', '3Payment']);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    // The step here and those to come are no links.
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/en/basket/items']);
  });
});
