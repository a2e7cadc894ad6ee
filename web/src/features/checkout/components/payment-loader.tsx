import { Link } from 'react-router';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { paths } from '@/config/paths';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props =
  | { state: 'waiting' }
  | {
      state: 'error';
      /** What went wrong, when it is more than "something": a room booked meanwhile. */
      message?: string;
      /** Hides the overlay; the visitor goes to the basket. */
      onBack: () => void;
      /** The back button's words when it does not go to the basket. */
      backLabel?: string;
    };

/**
 * The payment loader overlay (spec 2.5, 4): while the order is placed, a
 * waiting state nothing can be done in; when it fails, an error state with
 * the way back to the basket (which hides it) and to the contact page.
 */
export function PaymentLoader(props: Props) {
  const { t, locale } = useI18n();
  if (props.state === 'waiting') {
    return (
      <ModalDialog title={t('checkout.loader.waiting')} description={t('checkout.loader.waitingBody')} className="payment-loader">
        <div className="payment-loader__spinner" role="status" data-testid="payment-loader">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{t('checkout.loader.waiting')}</span>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog
      role="alertdialog"
      title={t('checkout.loader.errorTitle')}
      description={props.message ?? t('checkout.loader.errorBody')}
      className="payment-loader payment-loader--error"
    >
      <div className="modal__actions" data-testid="payment-loader-error">
        <button type="button" className="button button--primary" onClick={props.onBack}>
          {props.backLabel ?? t('checkout.loader.back')}
        </button>
        <Link className="button" to={paths.contact.href(locale)}>
          {t('checkout.loader.contact')}
        </Link>
      </div>
    </ModalDialog>
  );
}
