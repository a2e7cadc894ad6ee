import type { ReactNode } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';

/** One fact of an order or a payment, in a `<dl>`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staff-order__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Writes a moment (RFC 3339) as the page's language writes a date and a time, for a sentence. */
export function useMomentText(): (iso: string) => string {
  const { formatDate, languageTag } = useI18n();
  const time = new Intl.DateTimeFormat(languageTag, { hour: '2-digit', minute: '2-digit' });
  return (iso) => {
    const date = new Date(iso);
    return `${formatDate(date)} ${time.format(date)}`;
  };
}

/** Who changed a back-office form's settings last, and when; nothing before the first change. */
export function LastChanged({ at, by, className }: { at: string | null; by: string; className: string }) {
  const { t } = useI18n();
  const moment = useMomentText();
  if (!at) return null;
  return <p className={className}>{by ? t('staff.changedBy', { when: moment(at), who: by }) : t('staff.changed', { when: moment(at) })}</p>;
}

/** A moment (RFC 3339) as the page's language writes a date and a time. */
export function Moment({ iso }: { iso: string }) {
  const text = useMomentText();
  return <time dateTime={iso}>{text(iso)}</time>;
}
