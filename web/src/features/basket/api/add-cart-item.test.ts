import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { isAgeConfirmationRequired, quietForAgeQuestion } from './add-cart-item';

const ageRefusal = new ApiError(403, { code: 'age_confirmation_required', message: 'Potwierdź wiek.' }, '');
const lost = new ApiError(404, { code: 'cart_not_found' }, '');
const other = new ApiError(409, { code: 'product_unavailable' }, '');

describe('adding an age-restricted product', () => {
  it("knows the server's refusal for want of the age question's answer", () => {
    expect(isAgeConfirmationRequired(ageRefusal)).toBe(true);
    expect(isAgeConfirmationRequired(new ApiError(403, { code: 'forbidden' }, ''))).toBe(false);
    expect(isAgeConfirmationRequired(new Error('age_confirmation_required'))).toBe(false);
  });

  it('keeps that refusal quiet, whatever the change asked, and leaves the rest as asked', () => {
    for (const notify of [true, undefined, (error: ApiError) => error !== lost]) {
      expect(quietForAgeQuestion(notify)(ageRefusal)).toBe(false);
      expect(quietForAgeQuestion(notify)(other)).toBe(true);
    }
    expect(quietForAgeQuestion(false)(other)).toBe(false);
    expect(quietForAgeQuestion((error) => error !== lost)(lost)).toBe(false);
    expect(quietForAgeQuestion(true)(lost)).toBe(true);
  });
});
