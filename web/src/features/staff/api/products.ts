/**
 * The offers, for administrators (401 without a session, 403 without the
 * role; the page says so itself):
 * - GET /shop-api/backend/products?type=&q=: every offer, its name in the
 *   asked language (Polish where it has none);
 * - GET/PUT /shop-api/backend/products/{code}: one offer's texts in each
 *   language, prices, stock and availability; 404 `product_not_found`;
 * - POST /shop-api/backend/products: a new treatment, day spa or product
 *   (201); 409 `product_exists` names `code`;
 * - POST /shop-api/backend/products/{code}/images: a picture (the file as
 *   the body, its type the Content-Type) added last; 413 over 8 MB, 415 not
 *   a JPEG, PNG or WebP, 422 `invalid_picture` naming `file`;
 * - DELETE /shop-api/backend/products/{code}/images?path=: an uploaded
 *   picture removed; 404 `picture_not_found`.
 * Each answers with the offer as its editor reads it.
 * 400/422 name the fields refused, 409 `slug_taken` the slug of a language.
 * The categories a new offer is listed in are the catalogue's (GET
 * /shop-api/taxons/, public).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiClient } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/locale';
import { SCRIPT_MARKER } from '@/lib/script-marker';
import type { NewProduct, ProductChange, ProductEditor, ProductList, Taxon } from '@/types/api';

import { shownByDesk } from './staff-errors';
import { picturesPath, PRODUCTS_PATH, productPath, staffKeys, TAXONS_PATH } from './staff-keys';

/** The list's filters as the page's address holds them; empty for none. */
export type ProductsFilter = { type: string; q: string };

export function useProducts(filter: ProductsFilter, locale: Locale) {
  return useQuery({
    queryKey: staffKeys.products(filter, locale),
    queryFn: ({ signal }) =>
      apiClient.get<ProductList>(PRODUCTS_PATH, {
        query: { type: filter.type || undefined, q: filter.q || undefined },
        locale,
        signal,
        cache: 'no-store',
        notifyOnError: (e) => !shownByDesk(e),
      }),
    staleTime: 0,
    // Another filter keeps the last list in place until its answer is in.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useProduct(code: string, locale: Locale) {
  return useQuery({
    queryKey: staffKeys.product(code, locale),
    queryFn: ({ signal }) =>
      apiClient.get<ProductEditor>(productPath(code), { locale, signal, cache: 'no-store', notifyOnError: (e) => !shownByDesk(e) }),
    staleTime: 0,
    retry: false,
  });
}

/** An answered offer replaces what was read of it; the lists are asked again. */
function useProductWrite<T>(locale: Locale, write: (value: T) => Promise<ProductEditor>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (saved) => {
      queryClient.setQueryData(staffKeys.product(saved.code, locale), saved);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'products', 'list'] });
    },
  });
}

export const useSaveProduct = (code: string, locale: Locale) =>
  useProductWrite(locale, (change: ProductChange) =>
    apiClient.put<ProductEditor>(productPath(code), { locale, body: change, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
  );

export const useCreateProduct = (locale: Locale) =>
  useProductWrite(locale, (product: NewProduct) =>
    apiClient.post<ProductEditor>(PRODUCTS_PATH, { locale, body: product, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) }),
  );

/** A file too large or not a picture is shown at the file input: no notification for it. */
const shownWithPicture = (error: ApiError) => !shownByDesk(error) && error.status !== 413 && error.status !== 415;

/** A picture uploaded: the offer answered lists it last. */
export const useAddPicture = (code: string, locale: Locale) =>
  useProductWrite(locale, (file: File) =>
    apiClient.post<ProductEditor>(picturesPath(code), { locale, rawBody: file, headers: SCRIPT_MARKER, notifyOnError: shownWithPicture }),
  );

/** An uploaded picture removed; one already gone has the offer read again. */
export function useRemovePicture(code: string, locale: Locale) {
  const queryClient = useQueryClient();
  return useProductWrite(locale, (path: string) =>
    apiClient
      .delete<ProductEditor>(picturesPath(code), { locale, query: { path }, headers: SCRIPT_MARKER, notifyOnError: (e) => !shownByDesk(e) })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'picture_not_found') {
          void queryClient.invalidateQueries({ queryKey: staffKeys.product(code, locale) });
        }
        throw error;
      }),
  );
}

/** The catalogue's category tree in the page's language; the form says itself when it could not be had. */
export function useTaxonTree(locale: Locale) {
  return useQuery({
    queryKey: staffKeys.taxonTree(locale),
    queryFn: ({ signal }) => apiClient.get<Taxon[]>(TAXONS_PATH, { locale, signal, notifyOnError: false }),
    // The category tree changes rarely.
    staleTime: 10 * 60_000,
    retry: false,
  });
}
