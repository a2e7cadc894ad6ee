import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { notifications } from '@/lib/notifications';
import { TestProviders } from '@/testing/test-utils';

import { ModalDialog } from './modal-dialog';
import { Notifications } from './notifications';

/** A dialog that opens another from a button which the inner dialog's choice removes (a swap). */
function Nested() {
  const [inner, setInner] = useState(false);
  const [swapped, setSwapped] = useState(false);
  return (
    <ModalDialog title="Zewnętrzne">
      {!swapped && (
        <button type="button" onClick={() => setInner(true)}>
          Zamień
        </button>
      )}
      <button type="button">Zapisz</button>
      {inner && (
        <ModalDialog title="Wewnętrzne">
          <button
            type="button"
            onClick={() => {
              setSwapped(true);
              setInner(false);
            }}
          >
            Wybierz
          </button>
        </ModalDialog>
      )}
    </ModalDialog>
  );
}

describe('ModalDialog', () => {
  it('keeps the page marked and focus in the outer dialog when an inner one closes', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Zamień' }));
    expect(screen.getByRole('dialog', { name: 'Wewnętrzne' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Wybierz' }));
    expect(screen.queryByRole('dialog', { name: 'Wewnętrzne' })).toBeNull();
    expect(document.body.classList.contains('has-modal')).toBe(true);
    // The button that opened it is gone: focus stays in the dialog still open.
    expect(screen.getByRole('dialog', { name: 'Zewnętrzne' }).contains(document.activeElement)).toBe(true);

    unmount();
    expect(document.body.classList.contains('has-modal')).toBe(false);
  });

  it('leaves the notifications live region out of the inert page, so a toast raised meanwhile is announced', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <main>
          <button type="button">Na stronie</button>
        </main>
        <Notifications />
        <ModalDialog title="Okno">
          <button type="button" onClick={() => notifications.notify('success', 'Dodano zabieg: Masaż')}>
            Dodaj
          </button>
        </ModalDialog>
      </TestProviders>,
    );
    const page = screen.getByRole('button', { name: 'Na stronie', hidden: true });
    expect(page.closest('[inert]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    const region = screen.getByRole('region', { name: 'Powiadomienia' });
    expect(region.closest('[inert]')).toBeNull();
    const live = region.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toContain('Dodano zabieg: Masaż');
  });
});
