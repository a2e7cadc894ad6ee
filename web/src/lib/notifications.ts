/**
 * Notification toasts (spec 4: they disappear after 2 seconds).
 *
 * A tiny external store so that non-React code (the API client) can raise a
 * notification; React reads it through `useNotifications()`.
 */
import { useSyncExternalStore } from 'react';

import { NOTIFICATION_TIMEOUT_MS } from '@/config/constants';

export type NotificationType = 'success' | 'error' | 'info';

export type Notification = {
  id: number;
  type: NotificationType;
  message: string;
};

type Listener = () => void;

export function createNotificationStore(timeoutMs = NOTIFICATION_TIMEOUT_MS) {
  let notifications: readonly Notification[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const dismiss = (id: number) => {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    const next = notifications.filter((n) => n.id !== id);
    if (next.length !== notifications.length) {
      notifications = next;
      emit();
    }
  };

  const notify = (type: NotificationType, message: string): number => {
    // The same text twice at once (e.g. two failing requests) shows once.
    const duplicate = notifications.find((n) => n.type === type && n.message === message);
    if (duplicate) dismiss(duplicate.id);
    const id = nextId++;
    notifications = [...notifications, { id, type, message }];
    timers.set(
      id,
      setTimeout(() => dismiss(id), timeoutMs),
    );
    emit();
    return id;
  };

  const clear = () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    notifications = [];
    emit();
  };

  return {
    notify,
    dismiss,
    clear,
    getSnapshot: () => notifications,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;

/** The app-wide store. */
export const notifications = createNotificationStore();

export function useNotifications(store: NotificationStore = notifications) {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
