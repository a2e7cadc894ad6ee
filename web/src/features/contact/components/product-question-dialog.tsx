import '@/features/contact/product-question.css';

import { ModalDialog } from '@/components/ui/modal-dialog';
import { useI18n } from '@/lib/i18n/i18n-provider';

import { ProductQuestionForm } from './product-question-form';

type Props = {
  productCode: string;
  productName: string;
  onClose: () => void;
};

/**
 * The product inquiry modal (spec 2.5): labelled by the product's name,
 * focus kept inside and back on the button that opened it; Escape and
 * "close" close it, in the form state as in the sent state.
 */
export function ProductQuestionDialog({ productCode, productName, onClose }: Props) {
  const { t } = useI18n();
  return (
    <ModalDialog className="inquiry" title={t('inquiry.title', { name: productName })} onEscape={onClose}>
      <ProductQuestionForm productCode={productCode} onClose={onClose} />
    </ModalDialog>
  );
}
