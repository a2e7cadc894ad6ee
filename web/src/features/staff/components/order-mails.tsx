import { useId } from 'react';

import { useOrderMails } from '@/features/staff/api/get-order';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { OrderMail } from '@/types/api';

import { Moment } from './facts';

/** Whether a mail left, waits, or keeps failing (and why). */
function MailState({ mail }: { mail: OrderMail }) {
  const { t } = useI18n();
  if (mail.sentAt) {
    return (
      <>
        {t('staff.mails.sent')} <Moment iso={mail.sentAt} />
      </>
    );
  }
  if (mail.attempts > 0) {
    return <>{t('staff.mails.failing', { attempts: mail.attempts, error: mail.lastError ?? '' })}</>;
  }
  return <>{t('staff.mails.waiting')}</>;
}

/**
 * The e-mails the order sent, to the guest and to the guesthouse, oldest
 * first: when each was queued, to whom, its subject, and whether it left.
 */
export function OrderMailsList({ code }: { code: string }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const mails = useOrderMails(code, locale);
  return (
    <section className="staff-history" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('staff.mails.heading')}</h3>
      {mails.isPending && (
        <p className="status status--loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="status__text">{t('staff.mails.loading')}</span>
        </p>
      )}
      {mails.isError && <p role="alert">{t('staff.mails.error')}</p>}
      {mails.data && mails.data.items.length === 0 && <p>{t('staff.mails.none')}</p>}
      {mails.data && mails.data.items.length > 0 && (
        <ol className="staff-history__list">
          {mails.data.items.map((mail, index) => (
            <li key={`${mail.queuedAt ?? ''}-${index}`}>
              {mail.queuedAt && <Moment iso={mail.queuedAt} />} · {mail.recipient} · {mail.subject} · <MailState mail={mail} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
