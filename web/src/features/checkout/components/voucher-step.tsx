import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';

import { FormRadioGroup, FormSelectField, FormTextField } from '@/components/ui/form-fields';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { chooseShipping } from '@/features/checkout/api/choose-shipping';
import { configureVoucher } from '@/features/checkout/api/configure-voucher';
import { useVouchers } from '@/features/checkout/api/get-vouchers';
import { shippingQueryOptions, useShipping } from '@/features/checkout/api/get-shipping';
import { useCartAnswer } from '@/features/checkout/api/use-cart-answer';
import { stepRedirect } from '@/features/checkout/utils/guards';
import {
  VOUCHER_FIELDS,
  voucherProblems,
  voucherShape,
  type VoucherField,
  type VoucherValues,
} from '@/features/checkout/utils/schemas';
import { fieldErrors } from '@/features/checkout/utils/server-errors';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Translate } from '@/lib/i18n/translate';
import { COUNTRIES, isCountry, MAX_VOUCHER_MESSAGE } from '@/lib/rules/fields';
import type { Cart, MethodOption, VoucherConfiguration, VoucherDesign, VoucherStep as Step } from '@/types/api';

import { CheckoutLayout } from './order-summary';
import { StepIndicator } from './step-indicator';
import { VoucherPreview } from './voucher-preview';

type Values = { vouchers: VoucherValues[]; shipping: string };
type FormField = `vouchers.${number}.${VoucherField}`;

const isVoucherField = (field: string): field is VoucherField => (VOUCHER_FIELDS as readonly string[]).includes(field);
type Line = Step['items'][number];

/** A voucher's form, from what the basket holds: its dedication, design and delivery so far. */
export function voucherDefaults(line: Line, designs: readonly VoucherDesign[], cart: Cart): VoucherValues {
  const voucher = line.item.voucher;
  const postal = voucher?.postal;
  const fallbackCountry = cart.billingAddress?.countryCode;
  return {
    design: voucher?.design ?? designs[0]?.code ?? '',
    for: voucher?.for ?? '',
    from: voucher?.from ?? '',
    message: voucher?.message ?? '',
    // A dedication made with an e-mail address is to be e-mailed.
    delivery: voucher?.delivery ?? (voucher?.email ? 'email' : ''),
    email: voucher?.email ?? '',
    firstName: postal?.firstName ?? '',
    lastName: postal?.lastName ?? '',
    street: postal?.street ?? '',
    postcode: postal?.postcode ?? '',
    city: postal?.city ?? '',
    countryCode: isCountry(postal?.countryCode) ? postal.countryCode : isCountry(fallbackCountry) ? fallbackCountry : 'PL',
  };
}

/** What `PUT .../vouchers/{index}` is sent: the address of the delivery chosen only. */
export function configurationBody(values: VoucherValues): VoucherConfiguration {
  const base = { for: values.for, from: values.from, message: values.message, design: values.design };
  if (values.delivery === 'email') return { ...base, delivery: 'email', email: values.email };
  if (values.delivery === 'post') {
    const { firstName, lastName, street, postcode, city, countryCode } = values;
    return { ...base, delivery: 'post', firstName, lastName, street, postcode, city, countryCode };
  }
  return { ...base, delivery: null };
}

function voucherSchema(t: Translate, designs: readonly string[]) {
  return z.object({ vouchers: z.array(voucherShape), shipping: z.string() }).superRefine((values, ctx) => {
    values.vouchers.forEach((voucher, index) => {
      for (const [field, message] of voucherProblems(voucher, t, designs)) {
        ctx.addIssue({ code: 'custom', path: ['vouchers', index, field], message });
      }
    });
  });
}

/**
 * The voucher step (spec 2.2, 2.4): for each gift voucher its design, who
 * it is for and from, a message and its delivery (by e-mail, or by post to
 * a postal address) with a preview banner; a posted voucher needs a
 * shipping method. Once all are configured the state is `vouchered` and
 * the visitor goes on to payment.
 */
export function VoucherStepView({ cart, token }: { cart: Cart; token: string }) {
  const { t, locale } = useI18n();
  const vouchers = useVouchers(locale, token);
  const shipping = useShipping(locale, token, cart.shippingRequired);

  let body;
  // The vouchers as they are now, not a copy from an earlier visit: the form starts from them.
  if (vouchers.isPending || (!vouchers.isFetchedAfterMount && vouchers.isFetching)) {
    body = <StatusMessage kind="loading">{t('checkout.voucher.loading')}</StatusMessage>;
  } else if (vouchers.isError) {
    body = (
      <StatusMessage
        kind="error"
        onRetry={() => void vouchers.refetch()}
      >
        {t('checkout.voucher.error')}
      </StatusMessage>
    );
  } else if (vouchers.data.items.length === 0) {
    body = (
      <StatusMessage kind="empty" action={<Link className="button" to={paths.basketItems.href(locale)}>{t('checkout.backToBasket')}</Link>}>
        {t('checkout.voucher.none')}
      </StatusMessage>
    );
  } else {
    body = (
      <VoucherForm
        cart={cart}
        token={token}
        step={vouchers.data}
        shipment={cart.shippingRequired ? (shipping.data ?? null) : null}
      />
    );
  }

  return (
    <>
      <StepIndicator current="voucher" withVoucher />
      <CheckoutLayout cart={cart}>{body}</CheckoutLayout>
    </>
  );
}

type FormProps = {
  cart: Cart;
  token: string;
  step: Step;
  shipment: { methods: MethodOption[]; method?: string | null } | null;
};

function VoucherForm({ cart, token, step, shipment }: FormProps) {
  const { t, locale, formatMoney } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const answer = useCartAnswer();
  const requiredNoteId = useId();
  const designs = useMemo(() => step.categories.map((design) => design.code), [step.categories]);
  const resolver = useMemo(() => zodResolver(voucherSchema(t, designs)), [t, designs]);
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      vouchers: step.items.map((line) => voucherDefaults(line, step.categories, cart)),
      shipping: shipment?.method ?? '',
    },
    shouldFocusError: true,
  });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string[] | null>(null);
  /** The shipping choice takes focus once it is there. */
  const focusShipping = useRef(false);
  /** What each voucher was last saved with: it is not sent again unchanged. */
  const saved = useRef(new Map<number, string>());
  const deliveries = useWatch({ control: form.control, name: 'vouchers' }).map((voucher) => voucher.delivery);

  // The method chosen before, once the shipping methods have come.
  const chosen = shipment?.method ?? '';
  useEffect(() => {
    if (chosen && !form.getValues('shipping')) form.setValue('shipping', chosen);
  }, [chosen, form]);

  // The shipping methods appear after a posted voucher is saved: the choice takes focus then.
  useEffect(() => {
    if (focusShipping.current && shipment) {
      focusShipping.current = false;
      form.setFocus('shipping');
    }
  }, [shipment, form]);

  const onSubmit = async (values: Values) => {
    if (busy) return;
    setBusy(true);
    setFormError(null);
    try {
      let current: Cart = cart;
      for (const [position, line] of step.items.entries()) {
        const body = configurationBody(values.vouchers[position] ?? voucherDefaults(line, step.categories, cart));
        const text = JSON.stringify(body);
        if (saved.current.get(line.index) === text) continue;
        try {
          current = await configureVoucher(locale, token, line.index, body);
        } catch (error) {
          // The server names a voucher's own fields (`for`, `postcode`): this voucher's in the form.
          const formName = (field: VoucherField): FormField => `vouchers.${position}.${field}`;
          const { fields, other } = fieldErrors(error, VOUCHER_FIELDS.map(formName), (field) =>
            isVoucherField(field) ? formName(field) : null,
          );
          for (const [field, message] of fields) form.setError(field, { type: 'server', message });
          const first = fields[0]?.[0];
          if (first) form.setFocus(first);
          setFormError(fields.length > 0 && other.length === 0 ? null : [t('checkout.voucher.failed'), ...other]);
          return;
        }
        answer(current);
        saved.current.set(line.index, text);
      }

      if (current.shippingRequired) {
        const offer = (await queryClient.fetchQuery({ ...shippingQueryOptions(locale, token), staleTime: 0 })).shipments[0];
        const method = values.shipping;
        if (!offer || !offer.methods.some((option) => option.code === method)) {
          form.setError('shipping', { type: 'required', message: t('checkout.error.shipping') });
          if (shipment) form.setFocus('shipping');
          else focusShipping.current = true;
          return;
        }
        if (offer.method !== method || current.checkoutState === 'addressed') {
          try {
            current = await chooseShipping(locale, token, method);
          } catch (error) {
            const { fields } = fieldErrors(error, ['shipping'], (field) => (field === 'method' ? 'shipping' : null));
            for (const [field, message] of fields) form.setError(field, { type: 'server', message });
            setFormError([t('checkout.voucher.failed')]);
            return;
          }
          answer(current);
        }
      }

      if (stepRedirect('payment', current) === null) void navigate(paths.basketPayment.href(locale));
      else setFormError([t('checkout.voucher.incomplete')]);
    } finally {
      setBusy(false);
    }
  };

  const postedUnsaved = deliveries.includes('post') && !shipment;

  return (
    <FormProvider {...form}>
      <form
        className="checkout-form"
        noValidate
        aria-describedby={requiredNoteId}
        aria-busy={busy}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <p className="checkout-form__lead">{t('checkout.voucher.intro')}</p>
        <p id={requiredNoteId} className="checkout-form__note">
          {t('checkout.requiredNote')}
        </p>
        {step.items.map((line, position) => (
          <VoucherFields
            key={line.index}
            position={position}
            count={step.items.length}
            line={line}
            designs={step.categories}
            value={formatMoney(line.item.price.current, line.item.price.currency)}
          />
        ))}

        {shipment && shipment.methods.length > 0 && (
          <div className="checkout-form__section" data-testid="shipping-methods">
            <FormRadioGroup
              name="shipping"
              legend={t('checkout.voucher.shipping')}
              required
              options={shipment.methods.map((method) => ({
                value: method.code,
                label: t('checkout.voucher.shippingOption', {
                  name: method.name,
                  price: formatMoney(method.price, cart.currency),
                }),
              }))}
            />
          </div>
        )}
        {postedUnsaved && <p className="checkout-form__note">{t('checkout.voucher.shippingLater')}</p>}

        {formError && (
          <div className="checkout-form__alert" role="alert">
            {formError.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}

        <div className="checkout-form__actions">
          <Link className="button" to={paths.basketPersonal.href(locale)}>
            {t('checkout.backToPersonal')}
          </Link>
          <button type="submit" className="button button--primary" aria-disabled={busy}>
            {busy ? t('checkout.saving') : t('checkout.continue')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

type FieldsProps = {
  position: number;
  count: number;
  line: Line;
  designs: readonly VoucherDesign[];
  value: string;
};

function VoucherFields({ position, count, line, designs, value }: FieldsProps) {
  const { t } = useI18n();
  const name = `vouchers.${position}` as const;
  const delivery = useWatch({ name: `${name}.delivery` }) as VoucherValues['delivery'];
  const countries = COUNTRIES.map((code) => ({ value: code, label: t(`checkout.country.${code}`) }));

  return (
    <fieldset className="checkout-form__section checkout-voucher" data-testid="voucher-config">
      <legend className="checkout-form__legend">
        {t('checkout.voucher.legend', { index: position + 1, count, name: line.item.product?.name ?? line.item.code, value })}
      </legend>
      <div className="checkout-voucher__layout">
        <div className="checkout-voucher__fields">
          <FormRadioGroup
            name={`${name}.design`}
            legend={t('checkout.voucher.design')}
            required
            className="checkout-radios--inline"
            options={designs.map((design) => ({ value: design.code, label: design.name }))}
          />
          <div className="checkout-form__grid">
            <FormTextField name={`${name}.for`} label={t('checkout.field.for')} required />
            <FormTextField name={`${name}.from`} label={t('checkout.field.from')} required />
          </div>
          <FormTextField
            name={`${name}.message`}
            label={t('checkout.field.message')}
            multiline
            hint={t('checkout.field.messageHint', { max: MAX_VOUCHER_MESSAGE })}
          />
          <FormRadioGroup
            name={`${name}.delivery`}
            legend={t('checkout.voucher.delivery')}
            required
            options={[
              { value: 'email', label: t('checkout.voucher.byEmail') },
              { value: 'post', label: t('checkout.voucher.byPost') },
            ]}
          />
          {delivery === 'email' && (
            <FormTextField
              name={`${name}.email`}
              label={t('checkout.field.voucherEmail')}
              required
              type="email"
              autoComplete="off"
            />
          )}
          {delivery === 'post' && (
            <fieldset className="checkout-form__subsection" data-testid="voucher-postal">
              <legend className="field__label">{t('checkout.voucher.postal')}</legend>
              <div className="checkout-form__grid">
                <FormTextField name={`${name}.firstName`} label={t('checkout.field.firstName')} required />
                <FormTextField name={`${name}.lastName`} label={t('checkout.field.lastName')} required />
                <FormTextField name={`${name}.street`} label={t('checkout.field.street')} required className="checkout-form__wide" />
                <FormTextField name={`${name}.postcode`} label={t('checkout.field.postcode')} required />
                <FormTextField name={`${name}.city`} label={t('checkout.field.city')} required />
                <FormSelectField name={`${name}.countryCode`} label={t('checkout.field.country')} required options={countries} />
              </div>
            </fieldset>
          )}
        </div>
        <VoucherPreview name={name} value={value} designs={designs} />
      </div>
    </fieldset>
  );
}
