import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { lazyPart } from './lazy-part';

describe('lazyPart', () => {
  it('tries to load again when opened after a failed load', async () => {
    const load = vi
      .fn<() => Promise<() => React.ReactNode>>()
      .mockRejectedValueOnce(new Error('chunk timed out'))
      .mockResolvedValue(() => <p>część</p>);
    const Part = lazyPart(load, () => <p>nie udało się</p>);
    const open = () =>
      render(
        <Suspense fallback={<p>wczytywanie</p>}>
          <Part />
        </Suspense>,
      );

    const first = open();
    expect(await screen.findByText('nie udało się')).toBeTruthy();
    first.unmount();

    open();
    expect(await screen.findByText('część')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
