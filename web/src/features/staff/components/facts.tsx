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

/** A moment (RFC 3339) as the page's language writes a date and a time. */
export function Moment({ iso }: { iso: string }) {
  const { formatDate, languageTag } = useI18n();
  const date = new Date(iso);
  const time = new Intl.DateTimeFormat(languageTag, { hour: '2-digit', minute: '2-digit' });
  return <time dateTime={iso}>{`${formatDate(date)} ${time.format(date)}`}</time>;
}
