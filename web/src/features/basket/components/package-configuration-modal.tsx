import { useState } from 'react';

import { PackagePrice, usePackagePrice } from '@/components/package-price';
import { PackageTreatments } from '@/components/package-treatments';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { QuantityCounter } from '@/components/ui/quantity-counter';
import { StatusMessage } from '@/components/ui/status-message';
import { usePackage } from '@/features/basket/api/get-package';
import { useUpdateCartItem } from '@/features/basket/api/update-cart-item';
import { lineName } from '@/features/basket/utils/cart-count';
import { counterBounds } from '@/features/basket/utils/cart-lines';
import { configurationFromLine, lineUpdate } from '@/features/basket/utils/package-line';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { CartItem, ProductDetails, Treatment } from '@/types/api';
import { configuratorReducer, swapCandidates, type ConfiguratorAction } from '@/utils/package-configurator';

import { TreatmentPickerModal } from './treatment-picker-modal';

type Props = {
  line: CartItem;
  onClose: () => void;
};

/**
 * The package configuration modal for a package line (spec 2.5): persons,
 * the treatments with their quantities, removing, swapping (for another
 * treatment of the offer) and adding (a suggestion, or any treatment of the
 * offer), the minimum number of treatments, the configuration's price
 * (recalculated as it changes); saving sends the configuration
 * (PUT .../items/{id} with options.treatments).
 */
export function PackageConfigurationModal({ line, onClose }: Props) {
  const { t, locale } = useI18n();
  const product = usePackage({ locale, code: line.product?.code ?? line.code });

  return (
    <ModalDialog title={t('configModal.title', { name: lineName(line) })} onEscape={onClose} className="modal--wide config-modal">
      {product.isPending ? (
        <StatusMessage kind="loading">{t('configModal.loading')}</StatusMessage>
      ) : product.isError ? (
        <>
          <StatusMessage
            kind="error"
            action={
              <button type="button" className="button button--small" onClick={() => void product.refetch()}>
                {t('errors.retry')}
              </button>
            }
          >
            {t('configModal.error')}
          </StatusMessage>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('configModal.cancel')}
            </button>
          </div>
        </>
      ) : (
        <Configuration line={line} product={product.data} onClose={onClose} />
      )}
    </ModalDialog>
  );
}

type Picking = { replacing: Treatment | null } | null;

function Configuration({ line, product, onClose }: Props & { product: ProductDetails }) {
  const { t } = useI18n();
  const [state, setState] = useState(() => configurationFromLine(product, line));
  const [picking, setPicking] = useState<Picking>(null);
  const update = useUpdateCartItem();
  const [saveFailed, setSaveFailed] = useState(false);
  const dispatch = (action: ConfiguratorAction) => setState((current) => configuratorReducer(current, action));
  // Priced again 50 ms after the last change of persons or treatments (spec 4).
  const { cost, pending } = usePackagePrice(product.code, state);
  const belowMinimum = state.primary.length < state.minTreatments;
  // The server's bounds for the line's persons (not spec 5's "min is the
  // initial quantity", which is the package page's before adding).
  const persons = counterBounds({ minQuantity: line.minQuantity, maxQuantity: line.maxQuantity, quantity: state.persons });
  const suggested = (product.treatments?.additional ?? []).map((t) => t.code);
  const offered = [...(product.treatments?.primary ?? []).map((t) => t.code), ...suggested];

  // Awaited rather than a callback of `mutate`: the notification follows
  // the answer even when the modal was closed while it was on its way.
  const save = async () => {
    setSaveFailed(false);
    try {
      await update.mutateAsync({ lineId: line.id, change: lineUpdate(state) });
    } catch {
      // Said here too: the error toast may pass unnoticed over the dialog.
      setSaveFailed(true);
      return;
    }
    notifications.notify('success', t('configModal.saved'));
    onClose();
  };

  const pick = (treatment: Treatment) => {
    const replacing = picking?.replacing ?? null;
    if (replacing) {
      dispatch({ type: 'swapTreatment', code: replacing.code, treatment });
      notifications.notify('success', t('treatmentModal.swapped', { name: treatment.name }));
    } else {
      dispatch({ type: 'addPicked', treatment });
      notifications.notify('success', t('package.treatmentAdded', { name: treatment.name }));
    }
    setPicking(null);
  };

  return (
    <>
      <div className="configurator__persons">
        <QuantityCounter
          label={t('package.persons')}
          showLabel
          value={state.persons}
          min={persons.min}
          max={persons.max}
          formatValue={(count) => t('package.personsValue', { count })}
          onChange={(persons) => dispatch({ type: 'setPersons', persons })}
        />
      </div>

      <PackageTreatments
        state={state}
        dispatch={dispatch}
        onSwap={(treatment) => setPicking({ replacing: treatment })}
        testIds={{ included: 'config-included', suggested: 'config-suggested' }}
      />

      <p>
        <button type="button" className="button button--small" onClick={() => setPicking({ replacing: null })}>
          {t('configModal.addTreatment')}
        </button>
      </p>

      <PackagePrice cost={cost} pending={pending} currency={line.price.currency} className="config-modal__price" />

      {saveFailed && (
        <p className="status status--error config-modal__error" role="alert" data-testid="save-error">
          {t('configModal.saveError')}
        </p>
      )}

      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('configModal.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={belowMinimum || update.isPending}
          aria-busy={update.isPending || undefined}
          onClick={() => !belowMinimum && !update.isPending && void save()}
        >
          {t('configModal.save')}
        </button>
      </div>

      {picking && (
        <TreatmentPickerModal
          replacing={picking.replacing}
          taken={state.primary.map((treatment) => treatment.code)}
          offered={picking.replacing ? swapCandidates(picking.replacing, offered, suggested) : offered}
          onPick={pick}
          onClose={() => setPicking(null)}
        />
      )}
    </>
  );
}
