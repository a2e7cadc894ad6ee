import { QuantityCounter } from '@/components/ui/quantity-counter';
import { TREATMENT_DESCRIPTION_MAX_LENGTH } from '@/config/constants';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { Treatment } from '@/types/api';
import { canRemove, canSwap, type ConfiguratorAction, type ConfiguratorState } from '@/utils/package-configurator';
import { truncate } from '@/utils/truncate';

type Props = {
  state: ConfiguratorState;
  dispatch: (action: ConfiguratorAction) => void;
  /** Offered beside each replacable treatment when given (the basket's modal). */
  onSwap?: (treatment: Treatment) => void;
  testIds?: { included?: string; suggested?: string };
};

/**
 * A package's treatments as the package page and the basket's configuration
 * modal both show them (spec 2.5, 4): the minimum count, a warning below it,
 * the included treatments with their counters (remove, swap) and the
 * suggested ones to add, each add announced ("treatment added").
 */
export function PackageTreatments({ state, dispatch, onSwap, testIds }: Props) {
  const { t } = useI18n();
  const belowMinimum = state.primary.length < state.minTreatments;
  const add = (treatment: Treatment) => {
    dispatch({ type: 'addTreatment', code: treatment.code });
    notifications.notify('success', t('package.treatmentAdded', { name: treatment.name }));
  };

  return (
    <>
      <h3>{t('package.included')}</h3>
      {state.minTreatments > 0 && (
        <p className="configurator__minimum" data-testid="min-treatments">
          {t('package.minTreatments', { count: state.minTreatments })}
        </p>
      )}
      {/* Mounted throughout, so that the warning is announced when it appears. */}
      <p className={belowMinimum ? 'configurator__warning' : 'sr-only'} role="status" data-testid="below-minimum">
        {belowMinimum ? t('package.belowMinimum', { count: state.minTreatments - state.primary.length }) : ''}
      </p>
      <ul className="treatments" aria-label={t('package.included')} data-testid={testIds?.included}>
        {state.primary.map((treatment) => (
          <li key={treatment.code} className="treatment">
            <TreatmentInfo treatment={treatment} />
            <div className="treatment__controls">
              <QuantityCounter
                label={t('package.quantityOf', { name: treatment.name })}
                value={treatment.quantity}
                min={treatment.minQuantity}
                max={treatment.maxQuantity}
                onChange={(quantity) => dispatch({ type: 'setQuantity', code: treatment.code, quantity })}
              />
              {onSwap && canSwap(treatment) && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('configModal.swapNamed', { name: treatment.name })}
                  onClick={() => onSwap(treatment)}
                >
                  {t('configModal.swap')}
                </button>
              )}
              {canRemove(treatment) && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('package.removeNamed', { name: treatment.name })}
                  onClick={() => dispatch({ type: 'removeTreatment', code: treatment.code })}
                >
                  {t('package.remove')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>

      {state.additional.length > 0 && (
        <>
          <h3>{t('package.suggested')}</h3>
          <ul className="treatments treatments--suggested" aria-label={t('package.suggested')} data-testid={testIds?.suggested}>
            {state.additional.map((treatment) => (
              <li key={treatment.code} className="treatment">
                <TreatmentInfo treatment={treatment} />
                <div className="treatment__controls">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('package.addNamed', { name: treatment.name })}
                    onClick={() => add(treatment)}
                  >
                    {t('package.add')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function TreatmentInfo({ treatment }: { treatment: Treatment }) {
  const { t, formatMoney } = useI18n();
  const image = treatment.images[0];
  const facts = [
    treatment.free ? t('package.free') : treatment.price.currency ? formatMoney(treatment.price.current, treatment.price.currency) : null,
    treatment.durationMinutes ? t('card.duration', { minutes: treatment.durationMinutes }) : null,
  ].filter(Boolean);

  return (
    <div className="treatment__info">
      {image && (
        <img
          className="treatment__image"
          src={image.thumbnails?.default_listing ?? image.path}
          alt=""
          width={96}
          height={72}
          loading="lazy"
        />
      )}
      <div>
        <h4 className="treatment__name">{treatment.name}</h4>
        {treatment.description && (
          <p className="treatment__description">{truncate(treatment.description, TREATMENT_DESCRIPTION_MAX_LENGTH)}</p>
        )}
        <p className="treatment__facts">{facts.join(' · ')}</p>
      </div>
    </div>
  );
}
