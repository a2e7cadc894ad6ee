import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { FormCheckboxField, FormSelectField, FormTextField } from '@/components/ui/form-fields';
import { StatusMessage } from '@/components/ui/status-message';
import { paths } from '@/config/paths';
import { useSetAddress } from '@/features/checkout/api/set-address';
import { afterPersonal, hasVouchers } from '@/features/checkout/utils/guards';
import {
  PERSONAL_FIELDS,
  personalSchema,
  type PersonalField,
  type PersonalValues,
} from '@/features/checkout/utils/schemas';
import { fieldErrors } from '@/features/checkout/utils/server-errors';
import { useMe } from '@/lib/api/use-me';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Locale } from '@/lib/i18n/locale';
import { COUNTRIES, isCountry, MAX_NOTES } from '@/lib/rules/fields';
import { atFrontDesk } from '@/lib/rules/roles';
import type { Cart, CheckoutAddress, Customer } from '@/types/api';

import { CheckoutLayout } from './order-summary';
import { StepIndicator } from './step-indicator';

/** What the form starts with: what the basket saved, else the logged-in customer's details. */
export function personalDefaults(cart: Cart, me: Customer | null, locale: Locale): PersonalValues {
  const customer = cart.customer;
  const billing = cart.billingAddress;
  const pick = (saved: string | undefined, fallback: string | undefined) => (saved ? saved : (fallback ?? ''));
  return {
    customer: {
      firstName: pick(customer?.firstName, me?.firstName),
      lastName: pick(customer?.lastName, me?.lastName),
      email: pick(customer?.email, me?.email),
      phone: pick(customer?.phone, me?.phone),
    },
    billingAddress: {
      invoiceRequired: billing?.invoiceRequired ?? false,
      company: billing?.company ?? '',
      vatNumber: billing?.vatNumber ?? '',
      street: billing?.street ?? '',
      postcode: billing?.postcode ?? '',
      city: billing?.city ?? '',
      countryCode: isCountry(billing?.countryCode) ? billing.countryCode : locale === 'de' ? 'DE' : 'PL',
    },
    notes: cart.notes ?? '',
    // Accepted already when these details were saved (the server takes them only so): a
    // guest back from a later step finds the box as they left it. A basket changed since
    // went back to `cart`, and asks again.
    regulationsAccepted: cart.checkoutState !== 'cart' && cart.checkoutState !== 'completed',
    password: '',
  };
}

/** The request body: without an invoice only the country is sent; the password only when registering. */
export function addressBody(values: PersonalValues, withPassword: boolean): CheckoutAddress {
  const billing = values.billingAddress;
  return {
    customer: values.customer,
    billingAddress: billing.invoiceRequired ? billing : { invoiceRequired: false, countryCode: billing.countryCode },
    notes: values.notes,
    regulationsAccepted: values.regulationsAccepted,
    ...(withPassword ? { password: values.password } : {}),
  };
}

const personalField = (field: string): PersonalField | null =>
  (PERSONAL_FIELDS as readonly string[]).includes(field) ? (field as PersonalField) : null;

/**
 * The personal data step (spec 2.2, 2.4): the guest's details, an optional
 * VAT invoice, a password when the visitor registers with the booking
 * (`?account=register`, from the login step), reservation notes and the
 * regulations. Filled in from the basket and the logged-in customer; what
 * is being bought is shown with it.
 */
export function PersonalStep({ cart, token }: { cart: Cart; token: string }) {
  const { t, locale } = useI18n();
  const [search] = useSearchParams();
  const me = useMe();
  // A failed /me means nobody is logged in (spec 8): the form starts empty.
  const customer = me.status === 'success' ? me.customer : null;
  // The front desk books for a guest: the form is the guest's, never filled with the receptionist's details.
  const forGuest = atFrontDesk(customer);

  return (
    <>
      <StepIndicator current="personal" withVoucher={hasVouchers(cart)} />
      <CheckoutLayout cart={cart}>
        {me.status === 'pending' ? (
          <StatusMessage kind="loading">{t('checkout.loading')}</StatusMessage>
        ) : (
          <>
            {forGuest && (
              <p className="status" role="note">
                {t('checkout.personal.forGuest')}
              </p>
            )}
            <PersonalForm
              cart={cart}
              token={token}
              me={forGuest ? null : customer}
              // A logged-in customer has an account already.
              withPassword={search.get('account') === 'register' && !customer}
              locale={locale}
            />
          </>
        )}
      </CheckoutLayout>
    </>
  );
}

type FormProps = { cart: Cart; token: string; me: Customer | null; withPassword: boolean; locale: Locale };

function PersonalForm({ cart, token, me, withPassword, locale }: FormProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const save = useSetAddress(token);
  const [formError, setFormError] = useState<string[] | null>(null);
  const requiredNoteId = useId();
  const resolver = useMemo(() => zodResolver(personalSchema(t, { withPassword })), [t, withPassword]);
  const form = useForm<PersonalValues>({
    resolver,
    defaultValues: personalDefaults(cart, me, locale),
    shouldFocusError: true,
  });
  const invoice = useWatch({ control: form.control, name: 'billingAddress.invoiceRequired' });
  const country = useWatch({ control: form.control, name: 'billingAddress.countryCode' });

  const onSubmit = async (values: PersonalValues) => {
    if (save.isPending) return;
    setFormError(null);
    try {
      const answer = await save.mutateAsync(addressBody(values, withPassword));
      void navigate(paths[afterPersonal(answer)].href(locale));
    } catch (error) {
      const { fields, other } = fieldErrors(error, PERSONAL_FIELDS, personalField);
      for (const [field, message] of fields) form.setError(field, { type: 'server', message });
      const first = fields[0]?.[0];
      if (first) form.setFocus(first);
      setFormError(fields.length > 0 && other.length === 0 ? null : [t('checkout.personal.failed'), ...other]);
    }
  };

  const countries = COUNTRIES.map((code) => ({ value: code, label: t(`checkout.country.${code}`) }));

  return (
    <FormProvider {...form}>
      <form
        className="checkout-form"
        noValidate
        aria-describedby={requiredNoteId}
        aria-busy={save.isPending}
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <p id={requiredNoteId} className="checkout-form__note">
          {t('checkout.requiredNote')}
        </p>
        {me && <p className="checkout-form__note">{t('checkout.personal.loggedIn', { email: me.email })}</p>}

        <fieldset className="checkout-form__section">
          <legend className="checkout-form__legend">{t('checkout.personal.customer')}</legend>
          <div className="checkout-form__grid">
            <FormTextField name="customer.firstName" label={t('checkout.field.firstName')} required autoComplete="given-name" />
            <FormTextField name="customer.lastName" label={t('checkout.field.lastName')} required autoComplete="family-name" />
            <FormTextField name="customer.email" label={t('checkout.field.email')} required type="email" autoComplete="email" />
            <FormTextField
              name="customer.phone"
              label={t('checkout.field.phone')}
              required
              type="tel"
              autoComplete="tel"
              hint={t('checkout.field.phoneHint')}
            />
          </div>
        </fieldset>

        <fieldset className="checkout-form__section">
          <legend className="checkout-form__legend">{t('checkout.personal.invoiceTitle')}</legend>
          <FormCheckboxField name="billingAddress.invoiceRequired" label={t('checkout.personal.invoice')} />
          {invoice && (
            <div className="checkout-form__grid" data-testid="invoice-fields">
              <FormTextField
                name="billingAddress.company"
                label={t('checkout.field.company')}
                required
                autoComplete="organization"
                className="checkout-form__wide"
              />
              <FormSelectField
                name="billingAddress.countryCode"
                label={t('checkout.field.country')}
                required
                options={countries}
                autoComplete="country"
              />
              <FormTextField
                name="billingAddress.vatNumber"
                label={t('checkout.field.vatNumber')}
                required
                hint={t(country === 'DE' ? 'checkout.field.vatNumberHintDE' : 'checkout.field.vatNumberHintPL')}
              />
              <FormTextField
                name="billingAddress.street"
                label={t('checkout.field.street')}
                required
                autoComplete="street-address"
                className="checkout-form__wide"
              />
              <FormTextField
                name="billingAddress.postcode"
                label={t('checkout.field.postcode')}
                required
                autoComplete="postal-code"
                hint={t(country === 'DE' ? 'checkout.field.postcodeHintDE' : 'checkout.field.postcodeHintPL')}
              />
              <FormTextField name="billingAddress.city" label={t('checkout.field.city')} required autoComplete="address-level2" />
            </div>
          )}
        </fieldset>

        {withPassword && (
          <fieldset className="checkout-form__section" data-testid="account-fields">
            <legend className="checkout-form__legend">{t('checkout.personal.account')}</legend>
            <p className="checkout-form__note">{t('checkout.personal.accountNote')}</p>
            <FormTextField
              name="password"
              label={t('checkout.field.password')}
              required
              type="password"
              autoComplete="new-password"
              hint={t('checkout.field.passwordRule')}
            />
          </fieldset>
        )}

        <fieldset className="checkout-form__section">
          <legend className="checkout-form__legend">{t('checkout.personal.reservation')}</legend>
          <FormTextField
            name="notes"
            label={t('checkout.field.notes')}
            multiline
            hint={t('checkout.field.notesHint', { max: MAX_NOTES })}
          />
          <FormCheckboxField
            name="regulationsAccepted"
            label={t('checkout.personal.regulations')}
            required
            after={
              <Link className="checkout-form__link" to={paths.regulations.href(locale)} target="_blank" rel="noopener">
                {t('checkout.personal.regulationsLink')}
                <span className="sr-only">{` (${t('checkout.newTab')})`}</span>
              </Link>
            }
          />
        </fieldset>

        {formError && (
          <div className="checkout-form__alert" role="alert">
            {formError.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        )}

        <div className="checkout-form__actions">
          <Link className="button" to={paths.basketItems.href(locale)}>
            {t('checkout.backToBasket')}
          </Link>
          <button type="submit" className="button button--primary" aria-disabled={save.isPending}>
            {save.isPending ? t('checkout.saving') : t('checkout.continue')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
