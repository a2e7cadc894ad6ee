import { useState } from 'react';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { StatusMessage } from '@/components/ui/status-message';
import { TREATMENT_DESCRIPTION_MAX_LENGTH } from '@/config/constants';
import { useTreatmentsPage } from '@/features/basket/api/get-treatments-page';
import { treatmentFromOffer } from '@/features/basket/utils/package-line';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Treatment } from '@/types/api';
import { truncate } from '@/utils/truncate';

type Props = {
  /** The treatment being swapped; adding when none. */
  replacing: Treatment | null;
  /** Codes already in the package: not offered again. */
  taken: readonly string[];
  /** The treatments this package can hold (the basket takes no other). */
  offered: readonly string[];
  onPick: (treatment: Treatment) => void;
  onClose: () => void;
};

/**
 * The treatment add/swap modal (spec 2.5): the offer's treatments, 20 a
 * page; choosing one adds it to the package or puts it in the place of the
 * treatment being swapped. Only treatments the package offers can be
 * chosen (the basket refuses others); the rest say so.
 */
export function TreatmentPickerModal({ replacing, taken, offered, onPick, onClose }: Props) {
  const { t, locale, formatMoney } = useI18n();
  const [page, setPage] = useState(1);
  const query = useTreatmentsPage({ locale, page });
  const pages = query.data?.pages.pages ?? 1;
  const title = replacing ? t('treatmentModal.swapTitle', { name: replacing.name }) : t('treatmentModal.addTitle');

  return (
    <ModalDialog title={title} onEscape={onClose} className="modal--wide treatment-modal">
      {query.isPending ? (
        <StatusMessage kind="loading">{t('treatmentModal.loading')}</StatusMessage>
      ) : query.isError ? (
        <StatusMessage
          kind="error"
          action={
            <button type="button" className="button button--small" onClick={() => void query.refetch()}>
              {t('errors.retry')}
            </button>
          }
        >
          {t('treatmentModal.error')}
        </StatusMessage>
      ) : query.data.items.length === 0 ? (
        <StatusMessage kind="empty">{t('treatmentModal.empty')}</StatusMessage>
      ) : (
        <ul className="treatments treatment-modal__list" aria-busy={query.isPlaceholderData} data-testid="treatment-options">
          {query.data.items.map((item) => {
            const inPackage = taken.includes(item.code);
            const available = offered.includes(item.code);
            return (
              <li key={item.code} className="treatment">
                <div className="treatment__info">
                  <div>
                    <h3 className="treatment__name">{item.name}</h3>
                    <p className="treatment__description">{truncate(item.description, TREATMENT_DESCRIPTION_MAX_LENGTH)}</p>
                    <p className="treatment__facts">
                      {[
                        formatMoney(item.price.current, item.price.currency),
                        item.durationMinutes ? t('card.duration', { minutes: item.durationMinutes }) : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                </div>
                <div className="treatment__controls">
                  {inPackage ? (
                    <span className="treatment-modal__taken">{t('treatmentModal.inPackage')}</span>
                  ) : !available ? (
                    <span className="treatment-modal__taken">{t('treatmentModal.notOffered')}</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--small button--primary"
                      aria-label={t('treatmentModal.chooseNamed', { name: item.name })}
                      onClick={() => onPick(treatmentFromOffer(item))}
                    >
                      {t('treatmentModal.choose')}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="modal__actions treatment-modal__paging">
        {pages > 1 && (
          <nav className="treatment-modal__pages" aria-label={t('pagination.label')}>
            <button
              type="button"
              className="button button--small"
              aria-disabled={page <= 1}
              onClick={() => page > 1 && setPage(page - 1)}
            >
              {t('pagination.previous')}
            </button>
            <span aria-live="polite">{t('treatmentModal.page', { page, pages })}</span>
            <button
              type="button"
              className="button button--small"
              aria-disabled={page >= pages}
              onClick={() => page < pages && setPage(page + 1)}
            >
              {t('pagination.next')}
            </button>
          </nav>
        )}
        <button type="button" className="button" onClick={onClose}>
          {t('basket.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
