import { useState } from 'react';
import { useNavigate } from 'react-router';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { AGE_GATE_MIN_AGE } from '@/config/constants';
import { paths } from '@/config/paths';
import { grantAgePermission, hasAgePermission } from '@/features/catalog/utils/age-permission';
import { useI18n } from '@/lib/i18n/i18n-provider';

/**
 * The alcohol age gate (spec 4): a modal question shown when `required` (the
 * page shows an age-restricted item) and cookie agePermission is not a
 * positive number. "Yes" sets the cookie and closes; "No" leaves for the
 * home page. There is no way around it: Escape does not close it.
 */
export function AgeGate({ required }: { required: boolean }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(() => hasAgePermission(document.cookie));

  if (!required || allowed) return null;

  return (
    <ModalDialog
      className="age-gate"
      title={t('ageGate.title', { age: AGE_GATE_MIN_AGE })}
      description={t('ageGate.body', { age: AGE_GATE_MIN_AGE })}
    >
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            grantAgePermission();
            setAllowed(true);
          }}
        >
          {t('ageGate.yes')}
        </button>
        <button type="button" className="button" onClick={() => void navigate(paths.root.href(locale))}>
          {t('ageGate.no')}
        </button>
      </div>
    </ModalDialog>
  );
}
