import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications as appStore, useNotifications, type NotificationStore } from '@/lib/notifications';

/**
 * Toasts in a live region that is always in the page, so screen readers
 * announce each new message. The region lives in a container of its own,
 * directly in <body> and marked `data-live-region`, which an open modal
 * dialog leaves out when it makes the rest of the page inert (modal-dialog.tsx):
 * a toast raised while a dialog is open ('treatment added', an error) is
 * still announced.
 */
export function Notifications({ store = appStore }: { store?: NotificationStore }) {
  const { t } = useI18n();
  const items = useNotifications(store);
  const [container] = useState(() => {
    const element = document.createElement('div');
    element.setAttribute('data-live-region', '');
    return element;
  });
  useEffect(() => {
    document.body.append(container);
    return () => container.remove();
  }, [container]);

  return createPortal(
    <section className="toasts" aria-label={t('notifications.label')}>
      <ul className="toasts__list" aria-live="polite" aria-relevant="additions text">
        {items.map((item) => (
          <li key={item.id} className={`toast toast--${item.type}`}>
            <p className="toast__message">{item.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label={t('notifications.dismiss')}
              onClick={() => store.dismiss(item.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>,
    container,
  );
}
