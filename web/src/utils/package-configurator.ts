/**
 * The package configuration (spec 2.5, 4, 5) as a pure reducer.
 *
 * - persons: 1..2, default 1. Each step changes every primary treatment's
 *   quantity and maxQuantity by one: up when persons increase, down (never
 *   below minQuantity) when they decrease.
 * - adding a suggested (additional) treatment moves it to the primary list as
 *   deletable and not replacable, its maxQuantity raised to the person count
 *   if below it; it leaves the suggestions.
 * - removing a deletable primary treatment returns it to the suggestions with
 *   quantity 1, unless it is deletePermanently.
 * - a quantity stays within minQuantity..maxQuantity.
 * - a treatment picked in the treatment modal joins with quantity 1, min 1,
 *   max 2 (spec 5; the person count when it is higher), and is gone when
 *   removed; one of the package's suggestions picked there joins as an added
 *   suggestion does. A swap puts it in the place of a replacable treatment
 *   (removable only if that one was, and replacable in turn); the treatment
 *   swapped out returns to the suggestions as a removed one would.
 */
import { MODAL_TREATMENT_MAX_QUANTITY, PACKAGE_PERSONS_MAX, PACKAGE_PERSONS_MIN } from '@/config/constants';
import type { PackageCostRequest, ProductDetails, Treatment } from '@/types/api';

export type ConfiguratorState = {
  persons: number;
  primary: Treatment[];
  additional: Treatment[];
  /** The package's minimum number of treatments (shown, spec 2.5). */
  minTreatments: number;
};

export type ConfiguratorAction =
  | { type: 'setPersons'; persons: number }
  | { type: 'addTreatment'; code: string }
  | { type: 'removeTreatment'; code: string }
  | { type: 'setQuantity'; code: string; quantity: number }
  /** A treatment picked in the treatment modal joins the package. */
  | { type: 'addPicked'; treatment: Treatment }
  /** A treatment picked in the treatment modal replaces a replacable one. */
  | { type: 'swapTreatment'; code: string; treatment: Treatment };

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

export function initConfigurator(product: Pick<ProductDetails, 'treatments' | 'minTreatments'>): ConfiguratorState {
  return {
    persons: PACKAGE_PERSONS_MIN,
    primary: product.treatments?.primary ?? [],
    additional: product.treatments?.additional ?? [],
    minTreatments: product.minTreatments ?? 0,
  };
}

/** One person step for a primary treatment: +1 or -1 on quantity and maximum. */
function stepTreatment(treatment: Treatment, direction: 1 | -1): Treatment {
  if (direction === 1) {
    return { ...treatment, quantity: treatment.quantity + 1, maxQuantity: treatment.maxQuantity + 1 };
  }
  const maxQuantity = Math.max(treatment.minQuantity, treatment.maxQuantity - 1);
  const quantity = clamp(treatment.quantity - 1, treatment.minQuantity, maxQuantity);
  return { ...treatment, quantity, maxQuantity };
}

function setPersons(state: ConfiguratorState, wanted: number): ConfiguratorState {
  const persons = clamp(Math.round(wanted), PACKAGE_PERSONS_MIN, PACKAGE_PERSONS_MAX);
  if (persons === state.persons) return state;
  const direction = persons > state.persons ? 1 : -1;
  let primary = state.primary;
  for (let i = 0; i < Math.abs(persons - state.persons); i += 1) {
    primary = primary.map((treatment) => stepTreatment(treatment, direction));
  }
  return { ...state, persons, primary };
}

/**
 * A suggestion as it joins the primary list (added, or swapped in): its own
 * bounds, the maximum raised to the person count when below it; a
 * suggestion of the package, so removed (or swapped out) it returns.
 */
function fromSuggestion(suggestion: Treatment, persons: number): Treatment {
  const maxQuantity = suggestion.maxQuantity < persons ? persons : suggestion.maxQuantity;
  return {
    ...suggestion,
    additional: false,
    deletable: true,
    replacable: false,
    deletePermanently: false,
    maxQuantity,
    quantity: clamp(suggestion.quantity, suggestion.minQuantity, maxQuantity),
  };
}

function addTreatment(state: ConfiguratorState, code: string): ConfiguratorState {
  const suggestion = state.additional.find((t) => t.code === code);
  if (!suggestion || state.primary.some((t) => t.code === code)) return state;
  return {
    ...state,
    primary: [...state.primary, fromSuggestion(suggestion, state.persons)],
    additional: state.additional.filter((t) => t.code !== code),
  };
}

function removeTreatment(state: ConfiguratorState, code: string): ConfiguratorState {
  const treatment = state.primary.find((t) => t.code === code);
  if (!treatment?.deletable) return state;
  const primary = state.primary.filter((t) => t.code !== code);
  if (treatment.deletePermanently || state.additional.some((t) => t.code === code)) {
    return { ...state, primary };
  }
  return {
    ...state,
    primary,
    additional: [...state.additional, { ...treatment, additional: true, quantity: 1 }],
  };
}

/** What a treatment is known by before it joins a package from the treatment modal. */
export type TreatmentFacts = Pick<Treatment, 'code' | 'name'> & Partial<Treatment>;

/**
 * A treatment from the treatment modal (or one only the basket line knows,
 * picked there earlier): quantity 1, min 1, max 2 or the person count,
 * removable and gone when removed. The one place these defaults live.
 */
export function pickedTreatment(treatment: TreatmentFacts, persons: number): Treatment {
  return {
    description: '',
    images: [],
    links: { self: '' },
    price: { current: 0, original: 0, currency: '' },
    free: false,
    ...treatment,
    quantity: 1,
    minQuantity: 1,
    maxQuantity: Math.max(MODAL_TREATMENT_MAX_QUANTITY, persons),
    additional: false,
    deletable: true,
    replacable: false,
    // It was no suggestion of the package: removed, it is gone.
    deletePermanently: true,
  };
}

function addPicked(state: ConfiguratorState, treatment: Treatment): ConfiguratorState {
  if (state.primary.some((t) => t.code === treatment.code)) return state;
  // A suggestion picked in the modal joins as a suggestion does.
  if (state.additional.some((t) => t.code === treatment.code)) return addTreatment(state, treatment.code);
  return { ...state, primary: [...state.primary, pickedTreatment(treatment, state.persons)] };
}

function swapTreatment(state: ConfiguratorState, code: string, treatment: Treatment): ConfiguratorState {
  const index = state.primary.findIndex((t) => t.code === code);
  const old = state.primary[index];
  if (!old || !canSwap(old) || state.primary.some((t) => t.code === treatment.code)) return state;
  // One of the package's suggestions joins as itself (its bounds, back to
  // the suggestions when removed); any other as a picked treatment.
  const suggestion = state.additional.find((t) => t.code === treatment.code);
  const joining = suggestion ? fromSuggestion(suggestion, state.persons) : pickedTreatment(treatment, state.persons);
  // The replacement holds the old one's place: removable only if that one was.
  const replacement = { ...joining, deletable: old.deletable, replacable: true };
  const primary = [...state.primary];
  primary[index] = replacement;
  const additional = state.additional.filter((t) => t.code !== treatment.code);
  const returns = !old.deletePermanently && !additional.some((t) => t.code === code);
  return {
    ...state,
    primary,
    additional: returns ? [...additional, { ...old, additional: true, quantity: 1 }] : additional,
  };
}

function setQuantity(state: ConfiguratorState, code: string, wanted: number): ConfiguratorState {
  const index = state.primary.findIndex((t) => t.code === code);
  const treatment = state.primary[index];
  if (!treatment) return state;
  const quantity = clamp(Math.round(wanted), treatment.minQuantity, treatment.maxQuantity);
  if (quantity === treatment.quantity) return state;
  const primary = [...state.primary];
  primary[index] = { ...treatment, quantity };
  return { ...state, primary };
}

export function configuratorReducer(state: ConfiguratorState, action: ConfiguratorAction): ConfiguratorState {
  switch (action.type) {
    case 'setPersons':
      return setPersons(state, action.persons);
    case 'addTreatment':
      return addTreatment(state, action.code);
    case 'removeTreatment':
      return removeTreatment(state, action.code);
    case 'setQuantity':
      return setQuantity(state, action.code, action.quantity);
    case 'addPicked':
      return addPicked(state, action.treatment);
    case 'swapTreatment':
      return swapTreatment(state, action.code, action.treatment);
  }
}

/** The estimated-cost request body for a configuration. */
export function costRequest(state: Pick<ConfiguratorState, 'persons' | 'primary'>): PackageCostRequest {
  return {
    persons: state.persons,
    treatments: chosenTreatments(state),
  };
}

/** Removing is offered for deletable primary treatments only. */
export const canRemove = (treatment: Pick<Treatment, 'deletable'>) => treatment.deletable;

/** Swapping is offered for replacable primary treatments. */
export const canSwap = (treatment: Pick<Treatment, 'replacable'>) => treatment.replacable;

/**
 * What may take a treatment's place: any treatment the package offers, but
 * only one of its suggestions for an included treatment that cannot be
 * removed (the catalog's cost rule: a suggestion stands in for it, at the
 * difference in price).
 */
export const swapCandidates = (
  replacing: Pick<Treatment, 'deletable'>,
  offered: readonly string[],
  suggested: readonly string[],
): readonly string[] => (replacing.deletable ? offered : suggested);

/** The configuration as the basket takes it (`options.treatments`). */
export const chosenTreatments = (state: Pick<ConfiguratorState, 'primary'>) =>
  state.primary.map(({ code, quantity }) => ({ code, quantity }));
