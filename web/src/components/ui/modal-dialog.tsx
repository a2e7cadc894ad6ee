import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hidden);
}

/**
 * Dialogs open now: a dialog opened from another (the treatment modal over
 * the package configuration) closes while its opener stays open, and the
 * page must stay marked (`has-modal`) until the last one closes.
 */
let openDialogs = 0;

/** The dialog still open on top, once one over it has closed. */
function topDialog(closing: HTMLElement): HTMLElement | null {
  const open = Array.from(document.querySelectorAll<HTMLElement>('[aria-modal="true"]'));
  return open.filter((element) => element !== closing).at(-1) ?? null;
}

type Props = {
  title: ReactNode;
  /** Text that explains the dialog, read after the title. */
  description?: ReactNode;
  children: ReactNode;
  /** Escape closes the dialog only when this is given (a required answer has none). */
  onEscape?: () => void;
  /** Optional class for the dialog box. */
  className?: string;
  /** `alertdialog` for a dialog that reports a failure. */
  role?: 'dialog' | 'alertdialog';
};

/**
 * A modal dialog: rendered over the page in a portal, labelled by its title,
 * `aria-modal`, the rest of the page inert (but for the notifications' live
 * region), focus kept inside (Tab cycles), the first control focused on open
 * and the previous focus restored on close.
 */
export function ModalDialog({ title, description, children, onEscape, className, role = 'dialog' }: Props) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    // Everything else on the page is out of reach while the dialog is open,
    // except the notifications' live region (components/ui/notifications.tsx):
    // toasts raised meanwhile must still be announced.
    const madeInert: Element[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element.contains(dialog) || element.hasAttribute('inert') || element.hasAttribute('data-live-region')) continue;
      if (element.tagName === 'SCRIPT') continue;
      element.setAttribute('inert', '');
      madeInert.push(element);
    }
    openDialogs += 1;
    document.body.classList.add('has-modal');
    (focusables(dialog)[0] ?? dialog).focus();

    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      openDialogs -= 1;
      if (openDialogs === 0) document.body.classList.remove('has-modal');
      // The control that opened it may be gone (a swapped treatment's
      // button): focus stays in the dialog still open, not on the page.
      if (previous?.isConnected) previous.focus();
      else topDialog(dialog)?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onEscape) {
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
