import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';

import { FormRadioGroup, FormTextField } from '@/components/ui/form-fields';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useVoucherProduct } from '@/features/checkout/api/get-voucher-product';
import { dedicationProblems } from '@/features/checkout/utils/schemas';
import { fieldErrors } from '@/features/checkout/utils/server-errors';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { notifications } from '@/lib/notifications';
import type { Translate } from '@/lib/i18n/translate';
import { MAX_VOUCHER_MESSAGE } from '@/lib/rules/fields';
import type { Cart, CartItem, ProductDetails, VoucherDedication } from '@/types/api';

import { useCheckoutBasket } from './checkout-basket';
import { CheckoutPage } from './checkout-pages';
import { VoucherPreview } from './voucher-preview';

const shape = z.object({
  priceOption: z.string(),
  for: z.string(),
  from: z.string(),
  message: z.string(),
  email: z.string(),
});

type Values = z.infer<typeof shape>;

const FIELDS = ['priceOption', 'for', 'from', 'message', 'email'] as const;

const schema = (t: Translate, values: number) =>
  shape.superRefine((input, ctx) => {
    const option = Number(input.priceOption);
    if (input.priceOption === '' || !Number.isInteger(option) || option < 0 || option >= values) {
      ctx.addIssue({ code: 'custom', path: ['priceOption'], message: t('checkout.error.value') });
    }
    for (const [field, message] of dedicationProblems(input, t, { emailRequired: false })) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

/** The form's field showing the server's error of a body field of the add. */
const formField = (field: string): (typeof FIELDS)[number] | null => {
  if (field === 'options.priceOption') return 'priceOption';
  const name = /^options\.dedication\.(for|from|message|email)$/.exec(field)?.[1];
  return (name as (typeof FIELDS)[number] | undefined) ?? null;
};

/**
 * The line an add put the voucher on: its value's line with this
 * dedication (a dedicated voucher is a line of its own), the newest first.
 */
export function addedVoucherLine(items: readonly CartItem[], code: string, priceOption: number, dedication: VoucherDedication): CartItem | undefined {
  return items
    .filter(
      (line) =>
        line.type === 'voucher' &&
        line.code === code &&
        (line.priceOption ?? 0) === priceOption &&
        line.voucher?.for === dedication.for &&
        line.voucher.from === dedication.from,
    )
    .sort((a, b) => b.id - a.id)[0];
}

/**
 * The voucher configuration page (spec 2.4; `?code=` names the gift
 * voucher): its value, who it is for and from, a message, and optionally
 * the e-mail address to send it to, with the preview banner. It is added
 * to the basket with its dedication in one request (`options.dedication`
 * of the add): a refused one puts nothing into the basket, and the
 * server's field errors show beside their fields. Its design and how it
 * is delivered (e-mail, or post with the shipping method) are chosen at
 * checkout's voucher step.
 */
export function VoucherConfigurationPage() {
  const { t, locale } = useI18n();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';

  let body;
  if (!code) {
    body = (
      <StatusMessage kind="empty" action={<Link className="button" to={paths.vouchers.href(locale)}>{t('checkout.config.toVouchers')}</Link>}>
        {t('checkout.config.noCode')}
      </StatusMessage>
    );
  } else {
    body = <VoucherProduct code={code} />;
  }
  return (
    <CheckoutPage titleKey="vouchers.configure.title" descriptionKey="checkout.config.lead">
      {body}
    </CheckoutPage>
  );
}

function VoucherProduct({ code }: { code: string }) {
  const { t, locale } = useI18n();
  const product = useVoucherProduct(locale, code);
  if (product.isPending) return <StatusMessage kind="loading">{t('checkout.config.loading')}</StatusMessage>;
  if (product.isError) {
    return (
      <StatusMessage
        kind="error"
        action={
          <Link className="button" to={paths.vouchers.href(locale)}>
            {t('checkout.config.toVouchers')}
          </Link>
        }
      >
        {t('checkout.config.error')}
      </StatusMessage>
    );
  }
  const values = product.data.voucherValues ?? [];
  if ((product.data.type !== 'voucher' && product.data.type !== 'gift') || values.length === 0) {
    return (
      <StatusMessage
        kind="empty"
        action={
          <Link className="button" to={paths.vouchers.href(locale)}>
            {t('checkout.config.toVouchers')}
          </Link>
        }
      >
        {t('checkout.config.notVoucher')}
      </StatusMessage>
    );
  }
  return <VoucherConfigurationForm product={product.data} values={values} />;
}

function VoucherConfigurationForm({ product, values }: { product: ProductDetails; values: number[] }) {
  const { t, locale, formatMoney } = useI18n();
  const navigate = useNavigate();
  const basket = useCheckoutBasket();
  const requiredNoteId = useId();
  const resolver = useMemo(() => zodResolver(schema(t, values.length)), [t, values.length]);
  const form = useForm<Values>({
    resolver,
    defaultValues: { priceOption: '0', for: '', from: '', message: '', email: '' },
    shouldFocusError: true,
  });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<{ message: string; other: string[] } | null>(null);
  const option = Number(useWatch({ control: form.control, name: 'priceOption' }));
  const currency = product.price.currency;
  const money = (value: number) => formatMoney(value, currency);

  const onSubmit = async (input: Values) => {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    const priceOption = Number(input.priceOption);
    const email = input.email.trim();
    const dedication: VoucherDedication = {
      for: input.for.trim(),
      from: input.from.trim(),
      message: input.message.trim(),
      email: email === '' ? null : email,
    };
    let cart: Cart;
    try {
      // One request: the voucher goes into the basket with its dedication, or not at all.
      cart = await basket.add({ type: 'voucher', productCode: product.code, quantity: 1, options: { priceOption, dedication } });
    } catch (error) {
      const { fields, other } = fieldErrors(error, FIELDS, formField);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const first = fields[0]?.[0];
      if (first) form.setFocus(first);
      setFormError({ message: t(fields.length > 0 ? 'checkout.config.refused' : 'checkout.config.addFailed'), other });
      setBusy(false);
      return;
    }
    notifications.notify('success', t('checkout.config.added'));
    const line = addedVoucherLine(cart.items, product.code, priceOption, dedication);
    void navigate(paths.basketSuggestion.href(locale, { variantCode: line?.variantCode ?? product.variantCode }));
  };

  return (
    <FormProvider {...form}>
      <form
        className="checkout-form voucher-configuration"
        noValidate
        aria-describedby={requiredNoteId}
        aria-busy={busy}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <h2 className="voucher-configuration__name">{product.name}</h2>
        <p className="checkout-form__lead">{t('checkout.config.lead')}</p>
        <p id={requiredNoteId} className="checkout-form__note">
          {t('checkout.requiredNote')}
        </p>
        <div className="checkout-voucher__layout">
          <div className="checkout-voucher__fields">
            <FormRadioGroup
              name="priceOption"
              legend={t('checkout.config.value')}
              required
              className="checkout-radios--inline"
              options={values.map((value, index) => ({ value: String(index), label: money(value) }))}
            />
            <div className="checkout-form__grid">
              <FormTextField name="for" label={t('checkout.field.for')} required />
              <FormTextField name="from" label={t('checkout.field.from')} required />
            </div>
            <FormTextField
              name="message"
              label={t('checkout.field.message')}
              multiline
              hint={t('checkout.field.messageHint', { max: MAX_VOUCHER_MESSAGE })}
            />
            <FormTextField
              name="email"
              label={t('checkout.config.email')}
              type="email"
              autoComplete="off"
              hint={t('checkout.config.emailHint')}
            />
          </div>
          <VoucherPreview name="" value={money(values[option] ?? values[0] ?? 0)} designs={[]} />
        </div>
        {formError && (
          <div className="checkout-form__alert" role="alert">
            <p>{formError.message}</p>
            {formError.other.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}
        <div className="checkout-form__actions">
          <Link className="button" to={paths.vouchers.href(locale)}>
            {t('checkout.config.toVouchers')}
          </Link>
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {busy ? t('checkout.config.adding') : t('checkout.config.submit')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
