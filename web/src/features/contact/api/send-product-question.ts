/**
 * POST /shop-api/contact/product-questions (spec 7): a visitor's question
 * about a product. 201 `{}` means sent (spec 8: the sent state follows);
 * 400 or 422 names the wrong body fields (`errors`), 429 and 503 say "not now" in
 * the server's words. The form says every outcome itself, so nothing is
 * notified here.
 */
import { useMutation } from '@tanstack/react-query';

import { apiClient } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';

import type { ProductQuestion } from '@/types/api';

/** The question (spec 3 "contact question"); `customer` is the visitor's name. */
export type { ProductQuestion } from '@/types/api';

/** The body fields a 400 or 422 may name. */
export type ProductQuestionField = keyof ProductQuestion;

export const PRODUCT_QUESTION_FIELDS: readonly ProductQuestionField[] = [
  'productCode',
  'customer',
  'email',
  'phone',
  'message',
];

export const sendProductQuestion = (locale: Locale, question: ProductQuestion) =>
  apiClient.post<Record<string, never>>('/contact/product-questions', {
    locale,
    body: question,
    notifyOnError: false,
  });

export function useSendProductQuestion() {
  const { locale } = useI18n();
  return useMutation({
    mutationFn: (question: ProductQuestion) => sendProductQuestion(locale, question),
  });
}
