import { useId, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';

import { AgeGate } from '@/components/age-gate';
import { BasketButton, InBasketNote } from '@/components/ui/basket-button';
import { StatusMessage } from '@/components/ui/status-message';
import { paths, type ListingRouteName } from '@/config/paths';
import { isNotFound, useProductBySlug } from '@/features/catalog/api/get-product-by-slug';
import { packageChoice, unitAddition } from '@/features/catalog/utils/basket-request';
import { cardAction, cardDays, cardPrice } from '@/features/catalog/utils/card';
import { listingConfigForRoute } from '@/features/catalog/utils/listing-config';
import { usePageHead } from '@/hooks/use-page-head';
import { useBasketActions } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { OfferType, ProductDetails as Product } from '@/types/api';
import { toDescription } from '@/utils/meta-description';

import { PackageConfigurator } from './package-configurator';
import { PriceTag } from './price-tag';
import { ProductGallery } from './product-gallery';
import { ProductJsonLd } from './product-json-ld';
import { RelatedProducts } from './related-products';

type Props = {
  slug: string;
  /** The listing whose path the page lives under. */
  listing: ListingRouteName;
  /** What to show when there is no such product. */
  notFound: ReactNode;
  /** Under the price box: a way to ask about the product (the app passes the contact feature's). */
  question?: (product: Product) => ReactNode;
};

const offerType = (type: Product['type']): OfferType => (type === 'gift' ? 'voucher' : type);

/** A product page (spec 2.4): gallery, price box, description, related products. */
export function ProductDetails({ slug, listing, notFound, question }: Props) {
  const { locale } = useI18n();
  const query = useProductBySlug({ slug, locale });
  if (query.isError && isNotFound(query.error)) return notFound;
  return <ProductPage slug={slug} listing={listing} notFound={notFound} question={question} />;
}

/**
 * The page of a product there is (or may be): its name and description (the
 * product's, plain text, cut for search engines) in the head; the listing's
 * while it loads.
 */
function ProductPage({ slug, listing, notFound, question }: Props) {
  const { t, locale } = useI18n();
  const query = useProductBySlug({ slug, locale });
  const product = query.data;
  const { text } = listingConfigForRoute(listing);
  usePageHead(product?.name ?? t(text.title), toDescription(product?.description || t(text.lead)));

  if (query.isPending) {
    return <StatusMessage kind="loading">{t('product.loading')}</StatusMessage>;
  }
  if (query.isError) {
    // The server's own message is in the toast, as it sent it; the page speaks the visitor's language.
    return (
      <StatusMessage
        kind="error"
        onRetry={() => void query.refetch()}
      >
        {t('product.error')}
      </StatusMessage>
    );
  }
  if (!product) return notFound;

  // A product found under another type's path: go to its own page.
  const ownListing = listingConfigForRoute(listing).type === offerType(product.type);
  if (!ownListing) return <Navigate to={product.links.self} replace />;

  return <ProductView product={product} listing={listing} question={question} />;
}

function ProductView({ product, listing, question }: Pick<Props, 'listing' | 'question'> & { product: Product }) {
  const { t, locale } = useI18n();
  const titleId = useId();
  const paragraphs = product.description.split(/\n\s*\n/).filter((text) => text.trim() !== '');

  return (
    <article className="product" aria-labelledby={titleId}>
      <p className="product__back">
        <Link to={paths[listing].href(locale)}>← {t(listingConfigForRoute(listing).text.title)}</Link>
      </p>
      <div className="product__layout">
        <ProductGallery images={product.images} name={product.name} />
        <div className="product__summary">
          <h1 id={titleId}>{product.name}</h1>
          <ProductFacts product={product} />
          <PriceBox product={product} />
          {question?.(product)}
        </div>
      </div>

      {paragraphs.length > 0 && (
        <section className="product__description" aria-labelledby={`${titleId}-description`}>
          <h2 id={`${titleId}-description`}>{t('product.description')}</h2>
          {paragraphs.map((text, index) => (
            <p key={index}>{text}</p>
          ))}
        </section>
      )}

      {product.type === 'package' && <PackageConfigurator product={product} />}

      <RelatedProducts code={product.code} />
      <ProductJsonLd product={product} />
      <AgeGate required={product.ageRestriction} />
    </article>
  );
}

function ProductFacts({ product }: { product: Product }) {
  const { t, formatDate, formatMoney } = useI18n();
  const days = cardDays(product);
  const from = product.availableFrom ? formatDate(product.availableFrom) : '';
  const to = product.availableTo ? formatDate(product.availableTo) : '';

  const facts: { key: string; text: string }[] = [];
  const add = (key: string, text: string) => facts.push({ key, text });
  if (days !== null) add('days', t('product.stay', { days, nights: product.numNights ?? 0 }));
  if (product.durationMinutes) add('duration', t('product.duration', { minutes: product.durationMinutes }));
  if (product.occupancy && product.maxOccupancy) {
    add('occupancy', t('product.occupancy', { count: product.occupancy, max: product.maxOccupancy }));
    if (product.areaM2) add('area', t('product.area', { area: product.areaM2 }));
    if (product.extraBed) add('extraBed', t('product.extraBed'));
    if (product.averageRating) add('rating', t('product.rating', { rating: Math.round(product.averageRating * 10) / 10 }));
    // The inventory's count for tonight; no count is better than a made-up one.
    if (product.available != null) add('available', t('product.roomsLeft', { count: product.available }));
  }
  if (from && to) add('availability', t('product.availableBetween', { from, to }));
  else if (from) add('availability', t('product.availableFrom', { date: from }));
  else if (to) add('availability', t('product.availableTo', { date: to }));
  if (product.voucherValues?.length) {
    const values = product.voucherValues.map((value) => formatMoney(value, product.price.currency)).join(', ');
    add('voucherValues', t('product.voucherValues', { values }));
  }
  if (product.ageRestriction) add('age', t('product.adultsOnly'));

  if (facts.length === 0) return null;
  return (
    <ul className="product__facts">
      {facts.map((fact) => (
        <li key={fact.key}>{fact.text}</li>
      ))}
    </ul>
  );
}

function PriceBox({ product }: { product: Product }) {
  const { t, locale } = useI18n();
  const actions = useBasketActions();
  const action = cardAction(product, locale);

  let button: ReactNode;
  if (product.soldOut) {
    // Nothing left of a product that counts its stock: shown, not addable.
    button = (
      <p className="price-box__sold-out" data-testid="sold-out">
        {t('card.soldOut')}
      </p>
    );
  } else if (product.type === 'room') {
    button = (
      <Link className="button button--primary" to={paths.reservationSearch.href(locale)}>
        {t('card.action.reserve')}
      </Link>
    );
  } else if (action.kind === 'voucher') {
    button = <VoucherPicker product={product} />;
  } else if (product.type === 'package') {
    button = (
      <a className="button button--primary" href="#package-configurator">
        {t('package.configure')}
      </a>
    );
  } else if (product.type === 'day_spa') {
    button = (
      <BasketButton
        code={product.code}
        onAdd={() => actions?.addPackage(packageChoice(product))}
      />
    );
  } else {
    button = (
      <BasketButton
        code={product.code}
        onAdd={() => void actions?.add(unitAddition(product))}
      />
    );
  }

  return (
    <div className="price-box" data-testid="price-box">
      <PriceTag price={cardPrice(product)} className="price-box__price" testId="product-price" />
      {button}
      <InBasketNote code={product.code} variantCode={product.variantCode} />
    </div>
  );
}

/**
 * A gift voucher's value, one of its price options (spec 5: index 0 to
 * n - 1), and the button that puts it into the basket.
 */
function VoucherPicker({ product }: { product: Product }) {
  const { t, formatMoney } = useI18n();
  const actions = useBasketActions();
  const name = useId();
  const values = product.voucherValues ?? [];
  const [option, setOption] = useState(0);

  return (
    <div className="voucher-picker">
      {values.length > 1 && (
        <fieldset className="voucher-picker__options">
          <legend>{t('voucher.value')}</legend>
          {values.map((value, index) => (
            <label key={index} className="voucher-picker__option">
              <input
                type="radio"
                name={name}
                value={index}
                checked={option === index}
                onChange={() => setOption(index)}
              />{' '}
              {formatMoney(value, product.price.currency)}
            </label>
          ))}
        </fieldset>
      )}
      <BasketButton
        code={product.code}
        onAdd={() =>
          void actions?.add({ type: 'voucher', productCode: product.code, options: { priceOption: option } })
        }
      />
    </div>
  );
}
