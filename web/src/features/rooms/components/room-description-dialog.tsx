import { useMemo } from 'react';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { StatusMessage } from '@/components/ui/status-message';
import { useRoomPartial } from '@/features/rooms/api/get-room-partial';
import { prepareRoomPartial } from '@/features/rooms/utils/room-partial';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props = {
  code: string;
  name: string;
  onClose: () => void;
};

/**
 * The room description popup (spec 2.5): an accessible modal dialog whose
 * body is the server's room fragment.
 */
export function RoomDescriptionDialog({ code, name, onClose }: Props) {
  const { t, locale } = useI18n();
  const partial = useRoomPartial({ code, locale });
  // Safe to insert: see utils/room-partial.ts (server-escaped, then stripped of anything active).
  const html = useMemo(() => (partial.data === undefined ? null : prepareRoomPartial(partial.data)), [partial.data]);

  return (
    <ModalDialog title={name} onEscape={onClose} className="modal--wide room-dialog">
      <div className="room-dialog__body" aria-busy={partial.isPending}>
        {partial.isPending ? (
          <StatusMessage kind="loading">{t('rooms.description.loading')}</StatusMessage>
        ) : partial.isError ? (
          <StatusMessage
            kind="error"
            action={
              <button type="button" className="button button--small" onClick={() => void partial.refetch()}>
                {t('errors.retry')}
              </button>
            }
          >
            {t('rooms.description.error')}
          </StatusMessage>
        ) : (
          // The gateway's own fragment, every value escaped there; stripped of anything active in prepareRoomPartial.
          <div className="room-dialog__content" data-testid="room-partial" dangerouslySetInnerHTML={{ __html: html ?? '' }} />
        )}
      </div>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('rooms.description.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
