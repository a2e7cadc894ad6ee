import { useState } from 'react';
import { useNavigate } from 'react-router';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { AGE_GATE_MIN_AGE } from '@/config/constants';
import { paths } from '@/config/paths';
import { grantAgePermission, hasAgePermission } from '@/lib/age-permission';
import { useI18n } from '@/lib/i18n/i18n-provider';

type Props =
  /** The page shows an age-restricted product (when true): asked on arrival, "No" leaves. */
  | { required: boolean; onYes?: never; onNo?: never }
  /** Asked at the moment an age-restricted item is added: "Yes" sets the cookie, then the asker decides what follows. */
  | { required?: never; onYes: () => void; onNo: () => void };

/**
 * The alcohol age gate (spec 4), a modal question "Are you over 18 years?".
 *
 * - `required`: the product page of an age-restricted product, shown while
 *   cookie agePermission is not a positive number. "Yes" sets the cookie
 *   and closes; "No" leaves for the home page. There is no way around it:
 *   Escape does not close it.
 * - `onYes`/`onNo`: adding an age-restricted item the server refused
 *   without the cookie (the basket asks). "Yes" sets the cookie; "No" (or
 *   Escape) sets nothing and the page stays. The asker closes the question
 *   and does what follows (adds again, or not).
 */
export function AgeGate(props: Props) {
  return props.onYes ? <AgeQuestion onYes={props.onYes} onNo={props.onNo} /> : <PageGate required={props.required} />;
}

function PageGate({ required }: { required: boolean }) {
  const { locale } = useI18n();
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(() => hasAgePermission(document.cookie));

  if (!required || allowed) return null;

  return (
    <AgeQuestion
      onYes={() => setAllowed(true)}
      onNo={() => void navigate(paths.root.href(locale))}
      page
    />
  );
}

function AgeQuestion({ onYes, onNo, page = false }: { onYes: () => void; onNo: () => void; page?: boolean }) {
  const { t } = useI18n();
  return (
    <ModalDialog
      className="age-gate"
      title={t('ageGate.title', { age: AGE_GATE_MIN_AGE })}
      description={t(page ? 'ageGate.body' : 'ageGate.bodyAdd', { age: AGE_GATE_MIN_AGE })}
      onEscape={page ? undefined : onNo}
    >
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            grantAgePermission();
            onYes();
          }}
        >
          {t('ageGate.yes')}
        </button>
        <button type="button" className="button" onClick={onNo}>
          {t('ageGate.no')}
        </button>
      </div>
    </ModalDialog>
  );
}
