import { ModalDialog } from '@/components/ui/modal-dialog';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * What a lazily loaded part of the basket shows when its code or texts did
 * not come (see utils/lazy-part.ts; the generic notification has been
 * raised). A modal that failed (it has `onClose`) is still a modal dialog,
 * which closes with the basket's word; a part of the page says so in place.
 * Opened again, the part tries to load once more.
 */
export function PartFailed({ onClose }: { onClose?: () => void }) {
  const { t } = useI18n();
  if (!onClose) {
    return (
      <p className="status status--error" role="alert">
        {t('errors.chunkBody')}
      </p>
    );
  }
  return (
    <ModalDialog role="alertdialog" title={t('errors.pageTitle')} description={t('errors.chunkBody')} onEscape={onClose}>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('basket.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
