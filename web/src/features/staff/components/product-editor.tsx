import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { CheckboxField, FormAlert, SubmitButton, TextAreaField, TextField } from '@/components/ui/form-fields';
import { staffPaths } from '@/config/staff-paths';
import { useAddPicture, useCreateProduct, useProduct, useRemovePicture, useSaveProduct, useTaxonTree } from '@/features/staff/api/products';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { parseZloty } from '@/features/staff/utils/amount';
import { isStoredPicture, PICTURE_ACCEPT, pictureProblem, type PictureProblem } from '@/features/staff/utils/pictures';
import {
  emptyProductForm,
  formFields,
  isProductType,
  makeSlug,
  missingLanguages,
  NEW_PRODUCT_TYPES,
  PACKAGE_FIELDS,
  productForm,
  refusedField,
  showsDuration,
  showsPackage,
  showsStock,
  showsVoucherValues,
  TEXT_LANGUAGES,
  TEXT_LIMITS,
  textField,
  taxonOptions,
  toNewProduct,
  toProductChange,
  type Problem,
  type Problems,
  type ProductField,
  type ProductForm,
  type TextKey,
  type TextLanguage,
  type TextsForm,
} from '@/features/staff/utils/products';
import { ApiError } from '@/lib/api-client';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import type { ProductEditor } from '@/types/api';

import '@/features/staff/staff.css';

import { AccessNotice } from './access-notice';
import { useFocusFirstError } from './use-focus-first-error';
import { DeskStatus, deskFailure } from './desk-status';
import { LastChanged } from './facts';
import { PRODUCTS_ACCESS, useProductWords } from './product-words';
import { PackageFields } from './package-fields';
import { CategoryChoices, RelatedOffers, VoucherOptions } from './product-lists';
import { LoadFailed, SelectField } from './staff-fields';
import { PriceText } from './products-list';

/** What a field left empty that it needs is called, by field (the texts' by their key). */
const REQUIRED_WORDS: Partial<Record<string, MessageKey>> = {
  name: 'staff.products.problem.name',
  slug: 'staff.products.problem.slugRequired',
  code: 'staff.products.problem.codeRequired',
  type: 'staff.products.problem.type',
  mainTaxon: 'staff.products.problem.taxon',
};

const PROBLEM_WORDS: Record<Exclude<Problem, 'required' | 'tooLong'>, MessageKey> = {
  code: 'staff.products.problem.code',
  slug: 'staff.products.problem.slug',
  price: 'staff.products.problem.price',
  originalPrice: 'staff.products.problem.originalPrice',
  notAbovePrice: 'staff.products.problem.notAbovePrice',
  stock: 'staff.products.problem.stock',
  duration: 'staff.products.problem.duration',
  date: 'staff.products.problem.date',
  dateOrder: 'staff.products.problem.dateOrder',
  noPromotion: 'staff.products.problem.noPromotion',
  voucherValues: 'staff.products.problem.voucherValues',
  voucherCount: 'staff.products.problem.voucherCount',
  nights: 'staff.products.problem.nights',
  packageEmpty: 'staff.products.problem.packageEmpty',
  packageQuantities: 'staff.products.problem.packageQuantities',
  suggested: 'staff.products.problem.suggested',
  minTreatments: 'staff.products.problem.minTreatments',
};

const TEXT_WORDS: Record<TextKey, MessageKey> = {
  name: 'staff.products.nameField',
  slug: 'staff.products.slug',
  description: 'staff.products.description',
  metaTitle: 'staff.products.metaTitle',
  metaDescription: 'staff.products.metaDescription',
};

type Errors = Partial<Record<ProductField, string>>;

/** A back link to the list of offers. */
function BackLink() {
  const { t, locale } = useI18n();
  return (
    <p className="staff-products__back">
      <Link to={staffPaths.staffProducts.href(locale)}>{t('staff.products.back')}</Link>
    </p>
  );
}

/**
 * An offer's editor (`/backend/products?code=`, administrators): its texts
 * in each language (Polish required, a language left empty shown to its
 * guests in Polish), whether guests see it, its price and a promotion's
 * earlier price, stock, duration, age limit and the days it is offered.
 * `created`: it has just been created, the keyboard starts at its name.
 */
export function ProductEdit({ code, loginHref, created }: { code: string; loginHref: string; created: boolean }) {
  const { t, locale } = useI18n();
  const query = useProduct(code, locale);
  const failure = deskFailure(query);
  const product = failure ? undefined : query.data;
  // No such offer is said in place; anything else failing offers to ask again.
  const status = {
    isPending: query.isPending,
    isError: query.isError && failure !== 'notFound',
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
  };
  return (
    <div className="staff-desk staff-products">
      <BackLink />
      <DeskStatus query={status} loading="staff.products.loadingOne" loadError="staff.products.loadOneError" words={PRODUCTS_ACCESS} loginHref={loginHref} />
      {failure === 'notFound' && (
        <p className="staff-notice staff-notice--error" role="alert">
          {t('staff.products.notFound', { code })}
        </p>
      )}
      {product && <EditSection key={product.code} product={product} created={created} loginHref={loginHref} />}
    </div>
  );
}

function EditSection({ product, created, loginHref }: { product: ProductEditor; created: boolean; loginHref: string }) {
  const { t, locale } = useI18n();
  const words = useProductWords();
  const save = useSaveProduct(product.code, locale);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that created the offer is gone: the keyboard goes on from its name.
  useEffect(() => {
    if (created) heading.current?.focus();
  }, [created]);
  const name = product.translations[locale]?.name || product.translations.pl.name;
  const type = isProductType(product.type) ? words.type(product.type) : product.type;

  return (
    <section className="staff-products__editor" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {name}
      </h2>
      <p className="staff-products__facts">{t('staff.products.facts', { code: product.code, type })}</p>
      <LastChanged at={product.updatedAt} by={product.updatedBy} className="staff-products__facts" />
      <ProductFormView
        labelledBy={headingId}
        initial={productForm(product, locale)}
        check={(form) => {
          const checked = toProductChange(form);
          // The stock shown: a count an order changed meanwhile is refused, never overwritten.
          return 'change' in checked ? { body: { ...checked.change, stockWas: product.stock } } : checked;
        }}
        send={save}
        onSaved={(saved) => productForm(saved, locale)}
        savedText={t('staff.products.saved')}
        submitText={t('staff.products.save')}
        loginHref={loginHref}
      />
      <Pictures code={product.code} images={product.images} name={product.translations.pl.name} loginHref={loginHref} />
    </section>
  );
}

/**
 * A new offer (`/backend/products?new=1`, administrators): a package (with
 * its stay and treatments), a treatment, a day spa, a product or a gift
 * voucher (with its price options), its code, its main category and the
 * editor's fields. Once created, `onCreated` shows its editor.
 */
export function ProductCreate({ loginHref, onCreated }: { loginHref: string; onCreated: (code: string) => void }) {
  const { t, locale } = useI18n();
  const create = useCreateProduct(locale);
  const headingId = useId();
  return (
    <div className="staff-desk staff-products">
      <BackLink />
      <section className="staff-products__editor" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('staff.products.newHeading')}</h2>
        <p className="staff-products__facts">{t('staff.products.newIntro')}</p>
        <ProductFormView
          creating
          labelledBy={headingId}
          initial={emptyProductForm()}
          check={(form) => {
            const checked = toNewProduct(form);
            return 'product' in checked ? { body: checked.product } : checked;
          }}
          send={create}
          onSaved={(saved) => {
            onCreated(saved.code);
            return null;
          }}
          submitText={t('staff.products.create')}
          loginHref={loginHref}
        />
      </section>
    </div>
  );
}



/** The fields the server refused by name, with its messages; only those the form shows. */
function namedErrors(error: unknown, shown: readonly ProductField[]): Errors {
  if (!(error instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const { field, message } of error.errors) {
    const named = shown.find((candidate) => candidate === refusedField(field));
    if (named && !errors[named]) errors[named] = message || error.message;
  }
  return errors;
}

type Alert = { access: 'login' | 'forbidden' } | { text: string } | null;

type FormProps<B> = {
  labelledBy: string;
  initial: ProductForm;
  /** The code, type and main category are typed too. */
  creating?: boolean;
  /** The body to send, or what is wrong with the form. */
  check: (form: ProductForm) => { body: B } | { problems: Problems };
  send: { mutateAsync: (body: B) => Promise<ProductEditor>; isPending: boolean };
  /** The form as saved (confirmed with `savedText`), or null when the page moves on. */
  onSaved: (saved: ProductEditor) => ProductForm | null;
  savedText?: string;
  submitText: string;
  loginHref: string;
};

function ProductFormView<B>({ labelledBy, initial, creating = false, check, send, onSaved, savedText, submitText, loginHref }: FormProps<B>) {
  const { t } = useI18n();
  const words = useProductWords();
  const [form, setForm] = useState<ProductForm>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<Alert>(null);
  const [done, setDone] = useState<string | null>(null);
  const { form: formRef, focusError } = useFocusFirstError(errors);
  const busy = useRef(false);
  const missing = missingLanguages(form);

  /** Changes fields; their errors, and those that depended on them, go. */
  const update = (change: Partial<ProductForm>, ...fields: ProductField[]) => {
    setForm((current) => ({ ...current, ...change }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((field) => [field, undefined])) }));
  };
  const setText = (language: TextLanguage, key: TextKey, value: string) => {
    setForm((current) => ({ ...current, texts: { ...current.texts, [language]: { ...current.texts[language], [key]: value } } }));
    // A language's name and slug are needed once any of its texts is given, so its other errors may go too.
    setErrors((current) => ({ ...current, ...Object.fromEntries((['name', 'slug', key] as TextKey[]).map((k) => [textField(language, k), undefined])) }));
  };

  const problemText = (field: ProductField, problem: Problem): string => {
    const key = field.startsWith('translations.') ? (field.split('.')[2] as TextKey) : field;
    if (problem === 'required') return t(REQUIRED_WORDS[key] ?? 'staff.products.problem.required');
    if (problem === 'tooLong') return t('staff.products.problem.tooLong', { max: TEXT_LIMITS[key as TextKey] });
    return t(PROBLEM_WORDS[problem]);
  };

  const submit = async () => {
    if (busy.current) return;
    setAlert(null);
    setDone(null);
    const checked = check(form);
    if ('problems' in checked) {
      focusError();
      return setErrors(Object.fromEntries(Object.entries(checked.problems).map(([field, problem]) => [field, problemText(field as ProductField, problem)])));
    }
    busy.current = true;
    try {
      const saved = await send.mutateAsync(checked.body);
      const next = onSaved(saved);
      if (next) {
        setForm(next);
        setErrors({});
        setDone(savedText ?? null);
      }
    } catch (error) {
      const failure = staffFailure(error);
      if (failure === 'login' || failure === 'forbidden') return setAlert({ access: failure });
      const named = namedErrors(error, formFields(form, creating));
      if (Object.keys(named).length > 0) {
        focusError();
        return setErrors(named);
      }
      setAlert({ text: failure === 'other' ? t('staff.products.error') : serverMessage(error) });
    } finally {
      busy.current = false;
    }
  };

  return (
    <form
      ref={formRef}
      className="form staff-products__form"
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {creating && <IdentityFields form={form} errors={errors} update={update} />}
      {missing.length > 0 && <p className="staff-notice">{t('staff.products.missingNote', { languages: missing.map(words.language).join(', ') })}</p>}
      {TEXT_LANGUAGES.map((language) => (
        <LanguageFields
          key={language}
          language={language}
          texts={form.texts[language]}
          missing={missing.includes(language)}
          errors={errors}
          onChange={(key, value) => setText(language, key, value)}
        />
      ))}
      <CheckboxField label={t('staff.products.publishedField')} checked={form.published} onChange={(event) => update({ published: event.target.checked })} />
      <fieldset className="staff-products__group">
        <legend>{t('staff.products.priceGroup')}</legend>
        <div className="form__row">
          <TextField
            label={t('staff.products.priceField')}
            inputMode="decimal"
            autoComplete="off"
            required
            value={form.price}
            error={errors.price}
            hint={t('staff.products.priceHint')}
            onChange={(event) => update({ price: event.target.value }, 'price', 'originalPrice')}
          />
          <TextField
            label={t('staff.products.originalPrice')}
            inputMode="decimal"
            autoComplete="off"
            value={form.originalPrice}
            error={errors.originalPrice}
            hint={t('staff.products.originalPriceHint')}
            onChange={(event) => update({ originalPrice: event.target.value }, 'originalPrice', 'promotionFrom', 'promotionTo')}
          />
        </div>
        <div className="form__row">
          <TextField
            label={t('staff.products.promotionFrom')}
            type="date"
            value={form.promotionFrom}
            error={errors.promotionFrom}
            hint={t('staff.products.promotionOpen')}
            onChange={(event) => update({ promotionFrom: event.target.value }, 'promotionFrom', 'promotionTo')}
          />
          <TextField
            label={t('staff.products.promotionTo')}
            type="date"
            value={form.promotionTo}
            error={errors.promotionTo}
            hint={t('staff.products.promotionOpen')}
            onChange={(event) => update({ promotionTo: event.target.value }, 'promotionTo')}
          />
        </div>
        <CardPreview form={form} />
      </fieldset>
      {(showsStock(form) || showsDuration(form)) && (
        <div className="form__row">
          {showsStock(form) && (
            <TextField
              label={t('staff.products.stockField')}
              inputMode="numeric"
              autoComplete="off"
              value={form.stock}
              error={errors.stock}
              hint={t('staff.products.stockHint')}
              onChange={(event) => update({ stock: event.target.value }, 'stock')}
            />
          )}
          {showsDuration(form) && (
            <TextField
              label={t('staff.products.duration')}
              inputMode="numeric"
              autoComplete="off"
              required={form.type === 'treatment'}
              value={form.durationMinutes}
              error={errors.durationMinutes}
              hint={t(form.type === 'treatment' ? 'staff.products.durationHint' : 'staff.products.durationOptional')}
              onChange={(event) => update({ durationMinutes: event.target.value }, 'durationMinutes')}
            />
          )}
        </div>
      )}
      <CheckboxField label={t('staff.products.ageRestriction')} checked={form.ageRestriction} onChange={(event) => update({ ageRestriction: event.target.checked })} />
      <fieldset className="staff-products__group">
        <legend>{t('staff.products.availability')}</legend>
        <div className="form__row">
          <TextField
            label={t('staff.products.availableFrom')}
            type="date"
            value={form.availableFrom}
            error={errors.availableFrom}
            hint={t('staff.products.noLimit')}
            onChange={(event) => update({ availableFrom: event.target.value }, 'availableFrom', 'availableTo')}
          />
          <TextField
            label={t('staff.products.availableTo')}
            type="date"
            value={form.availableTo}
            error={errors.availableTo}
            hint={t('staff.products.noLimit')}
            onChange={(event) => update({ availableTo: event.target.value }, 'availableTo')}
          />
        </div>
      </fieldset>
      <CategoryChoices form={form} error={errors.taxons} update={update} />
      <RelatedOffers code={form.code} form={form} error={errors.related} update={update} />
      {showsPackage(form) && <PackageFields form={form} errors={errors} update={update} />}
      {showsVoucherValues(form) && <VoucherOptions form={form} error={errors.voucherValues} update={update} />}
      <div className="staff-settings__status" role="status">
        {done && <p className="staff-notice staff-notice--success">{done}</p>}
      </div>
      {alert && 'access' in alert && <AccessNotice failure={alert.access} loginHref={loginHref} words={PRODUCTS_ACCESS} />}
      {alert && 'text' in alert && (
        <FormAlert>
          <p>{alert.text}</p>
        </FormAlert>
      )}
      <SubmitButton busy={send.isPending} busyLabel={t('staff.products.saving')}>
        {submitText}
      </SubmitButton>
    </form>
  );
}

type Update = (change: Partial<ProductForm>, ...fields: ProductField[]) => void;

/** A new offer's code, type and main category. */
function IdentityFields({ form, errors, update }: { form: ProductForm; errors: Errors; update: Update }) {
  const { t, locale } = useI18n();
  const words = useProductWords();
  const taxons = useTaxonTree(locale);
  const options = taxons.data ? taxonOptions(taxons.data) : [];
  return (
    <fieldset className="staff-products__group">
      <legend>{t('staff.products.identity')}</legend>
      <TextField
        label={t('staff.products.code')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        value={form.code}
        error={errors.code}
        hint={t('staff.products.codeHint')}
        onChange={(event) => update({ code: event.target.value }, 'code')}
        // In capitals once typed (not while typing: the caret would jump).
        onBlur={() => update({ code: form.code.trim().toUpperCase() })}
      />
      <div className="form__row">
        <SelectField
          label={t('staff.products.typeLabel')}
          required
          value={form.type}
          error={errors.type}
          // The fields another type shows or hides take their errors with them.
          onChange={(event) => update({ type: event.target.value }, 'type', 'stock', 'durationMinutes', 'voucherValues', ...PACKAGE_FIELDS)}
        >
          {NEW_PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {words.type(type)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('staff.products.mainTaxon')}
          required
          value={form.mainTaxon}
          error={errors.mainTaxon}
          hint={t('staff.products.mainTaxonHint')}
          aria-busy={taxons.isPending || undefined}
          onChange={(event) => update({ mainTaxon: event.target.value }, 'mainTaxon')}
        >
          <option value="">{t(taxons.isPending ? 'staff.products.taxonsLoading' : 'staff.products.chooseTaxon')}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <LoadFailed query={taxons} text={t('staff.products.taxonsError')} />
    </fieldset>
  );
}

/** A language's texts; Polish ones required, another's all empty: its guests see the Polish. */
function LanguageFields({
  language,
  texts,
  missing,
  errors,
  onChange,
}: {
  language: TextLanguage;
  texts: TextsForm;
  missing: boolean;
  errors: Errors;
  onChange: (key: TextKey, value: string) => void;
}) {
  const { t } = useI18n();
  const words = useProductWords();
  const noteId = useId();
  const polish = language === 'pl';
  const field = (key: TextKey) => textField(language, key);
  return (
    <fieldset className="staff-products__group" aria-describedby={noteId}>
      <legend>{words.language(language)}</legend>
      <p id={noteId} className="staff-products__note">
        {missing && <span className="staff-products__badge">{t('staff.products.missingBadge')}</span>}{' '}
        {t(polish ? 'staff.products.polishNote' : missing ? 'staff.products.missingLanguage' : 'staff.products.languageNote')}
      </p>
      <TextField
        label={t(TEXT_WORDS.name)}
        autoComplete="off"
        required={polish}
        value={texts.name}
        error={errors[field('name')]}
        onChange={(event) => onChange('name', event.target.value)}
      />
      <TextField
        label={t(TEXT_WORDS.slug)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required={polish}
        value={texts.slug}
        error={errors[field('slug')]}
        hint={t('staff.products.slugHint')}
        onChange={(event) => onChange('slug', event.target.value)}
      >
        <button type="button" className="form-field__toggle" onClick={() => onChange('slug', makeSlug(texts.name))}>
          {t('staff.products.makeSlug')}
        </button>
      </TextField>
      <TextAreaField
        label={t(TEXT_WORDS.description)}
        rows={6}
        value={texts.description}
        error={errors[field('description')]}
        onChange={(event) => onChange('description', event.target.value)}
      />
      <TextField
        label={t(TEXT_WORDS.metaTitle)}
        autoComplete="off"
        value={texts.metaTitle}
        error={errors[field('metaTitle')]}
        onChange={(event) => onChange('metaTitle', event.target.value)}
      />
      <TextAreaField
        label={t(TEXT_WORDS.metaDescription)}
        rows={2}
        value={texts.metaDescription}
        error={errors[field('metaDescription')]}
        onChange={(event) => onChange('metaDescription', event.target.value)}
      />
    </fieldset>
  );
}

/** The price as the offer's card will show it (a promotion's earlier price struck through), once the price is one. */
function CardPreview({ form }: { form: ProductForm }) {
  const { t } = useI18n();
  const price = parseZloty(form.price);
  if (price === null || price === 0) return null;
  const original = form.originalPrice.trim() === '' ? null : parseZloty(form.originalPrice);
  const soldOut = showsStock(form) && form.stock.trim() === '0';
  return (
    <p className="staff-products__preview">
      {t('staff.products.onCard')}{' '}
      <span className="staff-products__card-price">
        <PriceText price={price} originalPrice={original} />
      </span>
      {soldOut && (
        <>
          {' '}
          <strong className="staff-products__sold-out">{t('staff.products.soldOut')}</strong>
        </>
      )}
    </p>
  );
}

const PICTURE_PROBLEMS: Record<PictureProblem, MessageKey> = {
  type: 'staff.products.pictureProblem.type',
  bytes: 'staff.products.pictureProblem.bytes',
  small: 'staff.products.pictureProblem.small',
  large: 'staff.products.pictureProblem.large',
};

/**
 * The offer's pictures in the order guests see them (the first on its
 * card): a picture uploaded goes last, an uploaded one can be removed after
 * a second click; the shop's own pictures stay. A file is checked before
 * it is sent; what the page or the server refuses is shown at the file input.
 */
function Pictures({ code, images, name, loginHref }: { code: string; images: string[]; name: string; loginHref: string }) {
  const { t, locale } = useI18n();
  const upload = useAddPicture(code, locale);
  const remove = useRemovePicture(code, locale);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<Alert>(null);
  const [done, setDone] = useState<string | null>(null);
  // One change at a time: each answer replaces the offer as a whole.
  const working = useRef(false);
  const refocus = useRef(false);
  const busy = upload.isPending || remove.isPending;

  // The input is disabled while its file is sent, which takes the keyboard from it: it gets it back.
  useEffect(() => {
    if (upload.isPending || !refocus.current) return;
    refocus.current = false;
    if (!document.activeElement || document.activeElement === document.body) input.current?.focus();
  }, [upload.isPending]);

  const start = () => {
    setFieldError(null);
    setAlert(null);
    setDone(null);
  };

  const failed = (error: unknown, withFile: boolean) => {
    const failure = staffFailure(error);
    if (failure === 'login' || failure === 'forbidden') return setAlert({ access: failure });
    if (withFile && error instanceof ApiError) {
      if (error.status === 413) return setFieldError(t(PICTURE_PROBLEMS.bytes));
      if (error.status === 415) return setFieldError(t(PICTURE_PROBLEMS.type));
      const named = error.errors.find((fieldError) => fieldError.field === 'file');
      if (named) return setFieldError(named.message || error.message);
    }
    if (error instanceof ApiError && error.code === 'picture_not_found') return setAlert({ text: t('staff.products.pictureGone') });
    setAlert({ text: failure === 'other' ? t('staff.products.pictureError') : serverMessage(error) });
  };

  const add = async (file: File | undefined) => {
    if (!file || working.current) return;
    working.current = true;
    start();
    try {
      const problem = await pictureProblem(file);
      if (problem) return setFieldError(t(PICTURE_PROBLEMS[problem]));
      refocus.current = true;
      await upload.mutateAsync(file);
      setDone(t('staff.products.pictureAdded'));
    } catch (error) {
      failed(error, true);
    } finally {
      working.current = false;
      // The same file may be chosen again.
      if (input.current) input.current.value = '';
    }
  };

  const removePicture = async (path: string) => {
    if (working.current) return;
    working.current = true;
    start();
    try {
      await remove.mutateAsync(path);
      setDone(t('staff.products.pictureRemoved'));
      // Its buttons are gone: the keyboard goes on from the pictures' heading.
      heading.current?.focus();
    } catch (error) {
      failed(error, false);
    } finally {
      working.current = false;
    }
  };

  return (
    <section className="staff-products__pictures" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('staff.products.pictures')}
      </h3>
      {images.length === 0 ? (
        <p>{t('staff.products.noPictures')}</p>
      ) : (
        <>
          <p className="staff-products__note">{t('staff.products.picturesOrder')}</p>
          <ul className="staff-products__images">
            {images.map((src, index) => (
              <PictureItem
                key={src}
                src={src}
                alt={t('staff.products.pictureAlt', { name, position: index + 1 })}
                position={index + 1}
                busy={busy}
                removing={remove.isPending && remove.variables === src}
                onRemove={isStoredPicture(src) ? () => void removePicture(src) : undefined}
              />
            ))}
          </ul>
        </>
      )}
      <TextField
        ref={input}
        type="file"
        label={t('staff.products.addPicture')}
        accept={PICTURE_ACCEPT}
        disabled={upload.isPending}
        error={fieldError ?? undefined}
        hint={t('staff.products.pictureHint')}
        onChange={(event) => void add(event.target.files?.[0])}
      />
      <div className="staff-settings__status" role="status">
        {upload.isPending ? <p className="staff-notice">{t('staff.products.uploading')}</p> : done && <p className="staff-notice staff-notice--success">{done}</p>}
      </div>
      {alert && 'access' in alert && <AccessNotice failure={alert.access} loginHref={loginHref} words={PRODUCTS_ACCESS} />}
      {alert && 'text' in alert && (
        <FormAlert>
          <p>{alert.text}</p>
        </FormAlert>
      )}
    </section>
  );
}

/** A picture's thumbnail; an uploaded one with its removal, asked twice. */
function PictureItem({
  src,
  alt,
  position,
  busy,
  removing,
  onRemove,
}: {
  src: string;
  alt: string;
  position: number;
  busy: boolean;
  removing: boolean;
  onRemove?: () => void;
}) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The button clicked is replaced by the next step's: the keyboard follows.
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (asking ? confirmButton : removeButton).current?.focus();
  }, [asking]);
  const ask = (next: boolean) => {
    focusNext.current = true;
    setAsking(next);
  };
  const removeText = t('staff.products.removePicture', { position });

  return (
    <li className="staff-products__image">
      <img src={src} alt={alt} loading="lazy" width={160} height={120} />
      {onRemove &&
        (asking ? (
          <div className="staff-products__image-actions" role="group" aria-label={removeText}>
            <button
              ref={confirmButton}
              type="button"
              className="button button--small"
              aria-disabled={busy || undefined}
              onClick={() => {
                if (!busy) onRemove();
              }}
            >
              {removing ? t('staff.products.removing') : t('staff.products.confirmRemoval')}
            </button>
            <button type="button" className="button button--small" onClick={() => ask(false)}>
              {t('staff.products.keepPicture')}
            </button>
          </div>
        ) : (
          <button ref={removeButton} type="button" className="button button--small" aria-disabled={busy || undefined} onClick={() => !busy && ask(true)}>
            {removeText}
          </button>
        ))}
    </li>
  );
}
