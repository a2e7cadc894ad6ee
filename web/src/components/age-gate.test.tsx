import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes, renderWithProviders } from '@/testing/test-utils';

import { AgeGate } from './age-gate';

function renderGate(required = true, url = '/oferta/produkty/wino') {
  return renderRoutes(
    [
      { path: '/', element: <h1>Strona główna</h1> },
      { path: '/en', element: <h1>Home</h1> },
      {
        path: '*',
        element: (
          <>
            <h1>Wino</h1>
            <button type="button">Na stronie</button>
            <AgeGate required={required} />
          </>
        ),
      },
    ],
    url,
  );
}

describe('AgeGate on a page', () => {
  it('is an accessible modal dialog that takes the focus', () => {
    renderGate();
    const dialog = screen.getByRole('dialog', { name: 'Czy masz ukończone 18 lat?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toContain('18 lat');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tak' }));
    // The page behind it is inert.
    expect(screen.getByRole('button', { name: 'Na stronie' }).closest('[inert]')).toBeTruthy();
  });

  it('keeps the focus inside and cannot be escaped', async () => {
    const user = userEvent.setup();
    renderGate();
    const yes = screen.getByRole('button', { name: 'Tak' });
    const no = screen.getByRole('button', { name: 'Nie' });
    await user.tab();
    expect(document.activeElement).toBe(no);
    await user.tab();
    expect(document.activeElement).toBe(yes);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(no);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('"Yes" sets the cookie and closes; the gate does not come back', async () => {
    const user = userEvent.setup();
    const { unmount } = renderGate();
    await user.click(screen.getByRole('button', { name: 'Tak' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).toContain('agePermission=1');
    expect(screen.getByRole('button', { name: 'Na stronie' }).closest('[inert]')).toBeNull();

    unmount();
    renderGate();
    expect(screen.getByRole('heading', { name: 'Wino' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"No" leaves for the home page without setting the cookie', async () => {
    const user = userEvent.setup();
    const { router } = renderGate();
    await user.click(screen.getByRole('button', { name: 'Nie' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Strona główna' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).not.toContain('agePermission');
  });

  it('is not shown with a positive agePermission cookie', () => {
    document.cookie = 'agePermission=1; path=/';
    renderGate();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is shown again when the cookie is not a positive number', () => {
    document.cookie = 'agePermission=0; path=/';
    renderGate();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is not shown when nothing on the page needs it', () => {
    renderGate(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('AgeGate asked at an add', () => {
  function renderQuestion() {
    const onYes = vi.fn();
    const onNo = vi.fn();
    renderWithProviders(
      <>
        <button type="button">Dodaj wino</button>
        <AgeGate onYes={onYes} onNo={onNo} />
      </>,
      { url: '/oferta/produkty/' },
    );
    return { onYes, onNo, dialog: screen.getByRole('dialog', { name: 'Czy masz ukończone 18 lat?' }) };
  }

  it('asks about the product, whatever the cookie says', () => {
    document.cookie = 'agePermission=1; path=/';
    const { dialog } = renderQuestion();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Ten produkt to napój alkoholowy. Sprzedajemy go wyłącznie osobom, które ukończyły 18 lat.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tak' }));
  });

  it('"Yes" sets the cookie, then answers', async () => {
    const { onYes, onNo } = renderQuestion();
    onYes.mockImplementation(() => expect(document.cookie).toContain('agePermission=1'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tak' }));
    expect(onYes).toHaveBeenCalledOnce();
    expect(onNo).not.toHaveBeenCalled();
  });

  it('"No" and Escape answer without the cookie and stay on the page', async () => {
    const user = userEvent.setup();
    const { onYes, onNo } = renderQuestion();
    await user.click(screen.getByRole('button', { name: 'Nie' }));
    await user.keyboard('{Escape}');
    expect(onNo).toHaveBeenCalledTimes(2);
    expect(onYes).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain('agePermission');
  });
});
