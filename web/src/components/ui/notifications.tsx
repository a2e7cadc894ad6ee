import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications as appStore, useNotifications, type NotificationStore } from '@/lib/notifications';

/**
 * Toasts in a live region that is always in the page, so screen readers
 * announce each new message.
 */
export function Notifications({ store = appStore }: { store?: NotificationStore }) {
  const { t } = useI18n();
  const items = useNotifications(store);

  return (
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
    </section>
  );
}
