import type { ProductType, TextLanguage } from '@/features/staff/utils/products';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';

/** Who may see the offers' pages, in their words. */
export const PRODUCTS_ACCESS = { login: 'staff.products.loginNeeded', forbidden: 'staff.products.forbidden' } as const;

const TYPES: Record<ProductType, MessageKey> = {
  package: 'staff.products.type.package',
  treatment: 'staff.products.type.treatment',
  day_spa: 'staff.products.type.day_spa',
  product: 'staff.products.type.product',
  voucher: 'staff.products.type.voucher',
  room: 'staff.products.type.room',
};

const LANGUAGES: Record<TextLanguage, MessageKey> = {
  pl: 'staff.products.language.pl',
  de: 'staff.products.language.de',
  en_GB: 'staff.products.language.en_GB',
};

/** An offer's type and a language of its texts, in the page's words. */
export function useProductWords() {
  const { t } = useI18n();
  return {
    type: (type: ProductType) => t(TYPES[type]),
    language: (language: TextLanguage) => t(LANGUAGES[language]),
  };
}
