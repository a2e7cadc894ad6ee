import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import {
  FormProvider,
  get,
  useFieldArray,
  useForm,
  useFormContext,
  useFormState,
  useWatch,
  type FieldPath,
  type FieldPathByValue,
} from 'react-hook-form';

import { SubmitButton, TextField } from '@/components/ui/form-fields';
import {
  emptyHours,
  emptyPhone,
  guesthouseFields,
  guesthouseSchema,
  guesthouseValues,
  isMissing,
  MAX_HOURS,
  MAX_PHONES,
  missingLanguages,
  toGuesthouseDetails,
  type DeskName,
  type GuesthouseValues,
  type TextsValues,
} from '@/features/staff/utils/guesthouse';
import { TEXT_LANGUAGES } from '@/features/staff/utils/products';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { GuesthouseDetails, GuesthouseSettings } from '@/types/api';

import { useProductWords } from './product-words';
import { refusal, useOutcome, type Save } from './settings-section';

type Field = FieldPath<GuesthouseValues>;
/** A text in every language: the country, a phone's label, a desk's place or note, a line of hours' days. */
type TextsField = FieldPathByValue<GuesthouseValues, TextsValues>;

/** Says a change of a list to screen readers (a row removed). */
type Announce = (text: string) => void;

/**
 * The guesthouse's details (`/backend/settings`, administrators): its name,
 * address, phones, the reception and the office with their hours, and its
 * position on the map, every text in Polish (required where the text is)
 * and optionally in German and English: a text missing in a language is
 * shown to its guests in Polish, and the form says where one is. Checked
 * as the server checks them before they are sent; a field the server
 * refuses is shown at its input.
 */
export function GuesthouseSection({
  initial,
  changed,
  save,
}: {
  initial: GuesthouseDetails;
  changed: ReactNode;
  save: Save<GuesthouseDetails, GuesthouseSettings>;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const schema = useMemo(() => guesthouseSchema(t), [t]);
  const form = useForm<GuesthouseValues>({ resolver: zodResolver(schema), defaultValues: guesthouseValues(initial) });
  const outcome = useOutcome();
  const [announced, setAnnounced] = useState('');
  const busy = useRef(false);

  const send = async (values: GuesthouseValues) => {
    if (busy.current) return;
    busy.current = true;
    try {
      const saved = await save.mutateAsync(toGuesthouseDetails(values));
      form.reset(guesthouseValues(saved.details));
      outcome.setDone(t('staff.settings.guesthouse.saved'));
    } catch (error) {
      const refused = refusal(error, guesthouseFields(form.getValues()), t('staff.settings.error'));
      if ('alert' in refused) return outcome.setAlert(refused.alert);
      // In the form's order: the keyboard goes to the first.
      Object.entries(refused.errors).forEach(([field, message], index) => {
        form.setError(field as Field, { type: 'server', message }, { shouldFocus: index === 0 });
      });
    } finally {
      busy.current = false;
    }
  };

  return (
    <section className="staff-settings__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('staff.settings.guesthouse.heading')}</h2>
      <p>{t('staff.settings.guesthouse.intro')}</p>
      {changed}
      {outcome.shown}
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
      <FormProvider {...form}>
        <form
          className="form"
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => {
            outcome.setAlert(null);
            outcome.setDone(null);
            // A refused check puts the keyboard on the first field in error (react-hook-form's `shouldFocusError`).
            void form.handleSubmit(send)(event);
          }}
        >
          <MissingNote />
          <BoundField name="name" label={t('staff.settings.guesthouse.name')} autoComplete="off" required />
          <fieldset className="staff-settings__group">
            <legend>{t('staff.settings.guesthouse.address')}</legend>
            <BoundField name="street" label={t('staff.settings.guesthouse.street')} autoComplete="off" required />
            <div className="staff-settings__pair">
              <BoundField name="postcode" label={t('staff.settings.guesthouse.postcode')} autoComplete="off" required />
              <BoundField name="city" label={t('staff.settings.guesthouse.city')} autoComplete="off" required />
            </div>
            <TextsFields name="country" legend={t('staff.settings.guesthouse.country')} required />
          </fieldset>
          <PhonesFields announce={setAnnounced} />
          <DeskFields desk="reception" announce={setAnnounced} />
          <DeskFields desk="office" announce={setAnnounced} />
          <MapFields />
          <SubmitButton busy={save.isPending} busyLabel={t('staff.settings.saving')}>
            {t('staff.settings.guesthouse.save')}
          </SubmitButton>
        </form>
      </FormProvider>
    </section>
  );
}

/** Which languages some text is missing in (as the offers' editor says it): their guests see the Polish there. */
function MissingNote() {
  const { t } = useI18n();
  const words = useProductWords();
  const [country, phones, reception, office] = useWatch<GuesthouseValues, ['country', 'phones', 'reception', 'office']>({
    name: ['country', 'phones', 'reception', 'office'],
  });
  const missing = missingLanguages({ country, phones, reception, office });
  if (missing.length === 0) return null;
  return <p className="staff-notice">{t('staff.settings.guesthouse.missingNote', { languages: missing.map(words.language).join(', ') })}</p>;
}

type BoundFieldProps = Omit<ComponentProps<typeof TextField>, 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> & { name: Field };

/** A text field of the form, bound by `name`, with its error (read with the input). */
function BoundField({ name, ...props }: BoundFieldProps) {
  const { register } = useFormContext<GuesthouseValues>();
  const { errors } = useFormState<GuesthouseValues>({ name, exact: true });
  const entry: { message?: unknown } | undefined = get(errors, name);
  const message = typeof entry?.message === 'string' && entry.message !== '' ? entry.message : undefined;
  return <TextField {...props} {...register(name)} error={message} />;
}

/**
 * A text in each language, in a group named by `legend`: Polish first
 * (required when `required`), an empty German or English one marked missing
 * once the Polish is given (as the offers' editor marks a language).
 */
function TextsFields({ name, legend, required = false, hint, wide = false }: { name: TextsField; legend: string; required?: boolean; hint?: string; wide?: boolean }) {
  const { t } = useI18n();
  const words = useProductWords();
  const hintId = useId();
  const texts = useWatch<GuesthouseValues, TextsField>({ name });
  return (
    <fieldset className="staff-settings__group staff-settings__texts" aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="staff-settings__intro">
          {hint}
        </p>
      )}
      <div className={wide ? 'staff-settings__languages' : 'staff-settings__languages staff-settings__languages--short'}>
        {TEXT_LANGUAGES.map((language) => (
          <BoundField
            key={language}
            name={`${name}.${language}`}
            label={words.language(language)}
            autoComplete="off"
            required={required && language === 'pl'}
            hint={
              isMissing(texts, language) ? (
                <>
                  <span className="staff-products__badge">{t('staff.products.missingBadge')}</span> {t('staff.settings.guesthouse.missingText')}
                </>
              ) : undefined
            }
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Where the keyboard goes once a row is removed (its button is gone): the
 * next row's first field, else the previous one's, else the button adding
 * one. A row added takes it itself (react-hook-form's `append`).
 */
function useRowFocus(rows: readonly unknown[], firstField: (index: number) => Field) {
  const { setFocus } = useFormContext<GuesthouseValues>();
  const addButton = useRef<HTMLButtonElement>(null);
  const after = useRef<Field | 'add' | null>(null);
  useEffect(() => {
    const want = after.current;
    if (!want) return;
    after.current = null;
    if (want === 'add') addButton.current?.focus();
    else setFocus(want);
  }, [rows, setFocus]);
  return {
    addButton,
    removing: (index: number) => {
      after.current = rows.length > 1 ? firstField(Math.min(index, rows.length - 2)) : 'add';
    },
  };
}

/**
 * A list of rows the administrator adds and removes (phones, a desk's
 * hours): each row a group named `rowName(index)` with its fields and a
 * removal named after the row for screen readers; a note while empty; the
 * list's own error; the button adding one, off (and said so) when full.
 */
function EditableRows({
  legend,
  intro,
  empty,
  rows,
  rowName,
  removeName,
  children,
  onRemove,
  error,
  addButton,
  addLabel,
  onAdd,
  full,
}: {
  legend: string;
  intro?: string;
  empty: string;
  /** The rows as react-hook-form keeps them: their ids key them, so a removal keeps the others' inputs. */
  rows: readonly { id: string }[];
  rowName: (index: number) => string;
  /** The row as its removal names it (defaults to `rowName`). */
  removeName?: (index: number) => string;
  /** A row's fields. */
  children: (index: number) => ReactNode;
  onRemove: (index: number) => void;
  error?: string;
  addButton: RefObject<HTMLButtonElement | null>;
  addLabel: ReactNode;
  onAdd: () => void;
  /** Said beside the button while no row may be added. */
  full: string | null;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="staff-settings__group">
      <legend>{legend}</legend>
      {intro && <p className="staff-settings__intro">{intro}</p>}
      {rows.length === 0 && <p className="staff-settings__intro">{empty}</p>}
      {rows.length > 0 && (
        <ol className="staff-settings__rows">
          {rows.map((row, index) => (
            <li key={row.id}>
              <fieldset className="staff-settings__group">
                <legend>{rowName(index)}</legend>
                {children(index)}
                <button type="button" className="button button--secondary button--small staff-settings__remove" onClick={() => onRemove(index)}>
                  {t('staff.settings.guesthouse.remove')}
                  <span className="sr-only">: {(removeName ?? rowName)(index)}</span>
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="staff-settings__actions">
        <button ref={addButton} type="button" className="button button--secondary" disabled={full !== null} onClick={onAdd}>
          {addLabel}
        </button>
        {full && <p className="staff-settings__intro">{full}</p>}
      </div>
    </fieldset>
  );
}

/** The phones, in the order guests see them: a label in each language and the number. */
function PhonesFields({ announce }: { announce: Announce }) {
  const { t } = useI18n();
  const { control } = useFormContext<GuesthouseValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'phones' });
  const { errors } = useFormState<GuesthouseValues>({ name: 'phones' });
  const { addButton, removing } = useRowFocus(fields, (index) => `phones.${index}.label.pl`);
  const whole = (errors.phones?.root ?? errors.phones)?.message;
  const full = fields.length >= MAX_PHONES;
  const row = (index: number) => t('staff.settings.guesthouse.phone', { number: index + 1 });

  return (
    <EditableRows
      legend={t('staff.settings.guesthouse.phones')}
      intro={t('staff.settings.guesthouse.phonesIntro', { max: MAX_PHONES })}
      empty={t('staff.settings.guesthouse.noPhones')}
      rows={fields}
      rowName={row}
      onRemove={(index) => {
        removing(index);
        remove(index);
        announce(t('staff.settings.guesthouse.phoneRemoved', { number: index + 1 }));
      }}
      error={whole}
      addButton={addButton}
      addLabel={t('staff.settings.guesthouse.addPhone')}
      onAdd={() => append(emptyPhone())}
      full={full ? t('staff.settings.guesthouse.phonesFull', { max: MAX_PHONES }) : null}
    >
      {(index) => (
        <>
          <TextsFields name={`phones.${index}.label`} legend={t('staff.settings.guesthouse.label')} required />
          <BoundField
            name={`phones.${index}.number`}
            label={t('staff.settings.guesthouse.number')}
            type="tel"
            autoComplete="off"
            required
            hint={t('staff.settings.guesthouse.numberHint')}
          />
        </>
      )}
    </EditableRows>
  );
}

/** The reception or the office: where it is, its phone and e-mail address, its hours and a note. */
function DeskFields({ desk, announce }: { desk: DeskName; announce: Announce }) {
  const { t } = useI18n();
  const reception = desk === 'reception';
  return (
    <fieldset className="staff-settings__group">
      <legend>{t(reception ? 'staff.settings.guesthouse.reception' : 'staff.settings.guesthouse.office')}</legend>
      <TextsFields name={`${desk}.place`} legend={t('staff.settings.guesthouse.place')} hint={t('staff.settings.guesthouse.placeHint')} wide />
      <div className="staff-settings__pair">
        <BoundField name={`${desk}.phone`} label={t('staff.settings.guesthouse.deskPhone')} type="tel" autoComplete="off" />
        <BoundField
          name={`${desk}.email`}
          label={t(reception ? 'staff.settings.guesthouse.email' : 'staff.settings.guesthouse.emailOptional')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          required={reception}
        />
      </div>
      <HoursFields desk={desk} announce={announce} />
      <TextsFields name={`${desk}.note`} legend={t('staff.settings.guesthouse.note')} hint={t('staff.settings.guesthouse.noteHint')} wide />
    </fieldset>
  );
}

/** A desk's opening hours, a line each: the days in each language, from and to. */
function HoursFields({ desk, announce }: { desk: DeskName; announce: Announce }) {
  const { t } = useI18n();
  const { control } = useFormContext<GuesthouseValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `${desk}.hours` });
  const { errors } = useFormState<GuesthouseValues>({ name: `${desk}.hours` });
  const { addButton, removing } = useRowFocus(fields, (index) => `${desk}.hours.${index}.days.pl`);
  const hoursErrors = errors[desk]?.hours;
  const whole = (hoursErrors?.root ?? hoursErrors)?.message;
  const full = fields.length >= MAX_HOURS;
  const place = t(desk === 'reception' ? 'staff.settings.guesthouse.reception' : 'staff.settings.guesthouse.office');
  const row = (index: number) => t('staff.settings.guesthouse.hoursLine', { number: index + 1 });

  return (
    <EditableRows
      legend={t('staff.settings.guesthouse.hours')}
      empty={t('staff.settings.guesthouse.noHours')}
      rows={fields}
      rowName={row}
      removeName={(index) => `${place}, ${row(index)}`}
      onRemove={(index) => {
        removing(index);
        remove(index);
        announce(t('staff.settings.guesthouse.hoursRemoved', { place, number: index + 1 }));
      }}
      error={whole}
      addButton={addButton}
      addLabel={
        <>
          {t('staff.settings.guesthouse.addHours')}
          <span className="sr-only">: {place}</span>
        </>
      }
      onAdd={() => append(emptyHours())}
      full={full ? t('staff.settings.guesthouse.hoursFull', { max: MAX_HOURS }) : null}
    >
      {(index) => (
        <>
          <TextsFields name={`${desk}.hours.${index}.days`} legend={t('staff.settings.guesthouse.days')} required />
          <div className="staff-settings__pair">
            <BoundField name={`${desk}.hours.${index}.from`} label={t('staff.settings.guesthouse.from')} type="time" required />
            <BoundField name={`${desk}.hours.${index}.to`} label={t('staff.settings.guesthouse.to')} type="time" required />
          </div>
        </>
      )}
    </EditableRows>
  );
}

/** Where the site's maps are centred. */
function MapFields() {
  const { t } = useI18n();
  const hintId = useId();
  return (
    <fieldset className="staff-settings__group" aria-describedby={hintId}>
      <legend>{t('staff.settings.guesthouse.map')}</legend>
      <p id={hintId} className="staff-settings__intro">
        {t('staff.settings.guesthouse.mapIntro')}
      </p>
      <div className="staff-settings__pair">
        <BoundField name="latitude" label={t('staff.settings.guesthouse.latitude')} type="number" step="any" min={-90} max={90} autoComplete="off" required />
        <BoundField name="longitude" label={t('staff.settings.guesthouse.longitude')} type="number" step="any" min={-180} max={180} autoComplete="off" required />
      </div>
    </fieldset>
  );
}
