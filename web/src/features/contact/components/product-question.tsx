import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

import { getDocumentLocale } from '@/lib/i18n/locale';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { loadChunk } from '@/lib/load-chunk';

type DialogProps = { productCode: string; productName: string; onClose: () => void };

/** A dialog whose code did not come: closes again (the generic notification has been raised). */
function NotLoaded({ onClose }: DialogProps) {
  useEffect(onClose, [onClose]);
  return null;
}

/**
 * The dialog's code (the form, its rules, react-hook-form), loaded when a
 * visitor first asks; the product page carries only the button. React keeps
 * a failed `lazy()`, so a failure builds a new one for the next opening.
 */
function lazyDialog() {
  return lazy(async (): Promise<{ default: ComponentType<DialogProps> }> => {
    try {
      const { ProductQuestionDialog } = await loadChunk(
        () => import('@/features/contact/components/product-question-dialog'),
        getDocumentLocale(),
      );
      return { default: ProductQuestionDialog };
    } catch {
      Dialog = lazyDialog();
      return { default: NotLoaded };
    }
  });
}
let Dialog = lazyDialog();

/** "Ask about this product" on a product page, opening the product inquiry modal (spec 2.5). */
export function ProductQuestion({ productCode, productName }: { productCode: string; productName: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button inquiry__open"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('inquiry.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Dialog productCode={productCode} productName={productName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
