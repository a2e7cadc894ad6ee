import { useWatch } from 'react-hook-form';

import type { VoucherValues } from '@/features/checkout/utils/schemas';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { VoucherDesign } from '@/types/api';

type Props = {
  /** Where the voucher's values are in the form (`vouchers.0`), or '' in a form of its own. */
  name: string;
  /** The voucher's value, formatted. */
  value: string;
  designs: readonly VoucherDesign[];
};

/**
 * The voucher preview banner (spec 1, 2.4): the chosen design, who it is
 * for and from, the message and the value, as they are typed. Not a live
 * region: the fields themselves are what is read out.
 */
export function VoucherPreview({ name, value, designs }: Props) {
  const { t } = useI18n();
  const prefix = name ? `${name}.` : '';
  const fields: (keyof VoucherValues)[] = ['design', 'for', 'from', 'message'];
  const [code, recipient, sender, message] = (
    useWatch({ name: fields.map((field) => `${prefix}${field}`) }) as (string | undefined)[]
  ).map((value) => value?.trim());
  const design = designs.find((entry) => entry.code === code);

  return (
    <figure className="voucher-preview" data-testid="voucher-preview">
      <figcaption className="voucher-preview__caption">
        {design ? t('checkout.preview.captionDesign', { design: design.name }) : t('checkout.preview.caption')}
      </figcaption>
      <div className={`voucher-preview__banner voucher-preview__banner--${design?.code ?? 'plain'}`}>
        <p className="voucher-preview__title">{t('checkout.preview.title')}</p>
        <p className="voucher-preview__value">{value}</p>
        <dl className="voucher-preview__names">
          <div>
            <dt>{t('checkout.field.for')}</dt>
            <dd>{recipient || '…'}</dd>
          </div>
          <div>
            <dt>{t('checkout.field.from')}</dt>
            <dd>{sender || '…'}</dd>
          </div>
        </dl>
        {message && <p className="voucher-preview__message">{message}</p>}
      </div>
    </figure>
  );
}
