/**
 * A package line of the basket as a configuration the package configurator
 * can change (the rules of utils/package-configurator.ts, shared with the
 * package page), and back.
 */
import type { CartItem, ListingItem, ProductDetails, Treatment, UpdateCartItem } from '@/types/api';
import {
  chosenTreatments,
  configuratorReducer,
  initConfigurator,
  type ConfiguratorAction,
  type ConfiguratorState,
} from '@/utils/package-configurator';

/** A treatment known only by the line (picked in the treatment modal earlier): removable, not a suggestion. */
function knownOnlyByLine(code: string, name: string): Treatment {
  return {
    code,
    name,
    description: '',
    images: [],
    links: { self: '' },
    price: { current: 0, original: 0, currency: '' },
    quantity: 1,
    minQuantity: 1,
    maxQuantity: 2,
    free: false,
    deletable: true,
    replacable: false,
    additional: false,
    deletePermanently: true,
  };
}

/**
 * The configuration a package line holds: the package's own moved to the
 * line's persons, then its treatments as the line has them (the package's
 * that the line dropped go, the suggestions and other treatments it added
 * join, the quantities are the line's).
 */
export function configurationFromLine(
  product: Pick<ProductDetails, 'treatments' | 'minTreatments'>,
  line: Pick<CartItem, 'quantity' | 'treatments'>,
): ConfiguratorState {
  const run = (state: ConfiguratorState, action: ConfiguratorAction) => configuratorReducer(state, action);
  let state = run(initConfigurator(product), { type: 'setPersons', persons: line.quantity });
  const chosen = line.treatments;
  if (!chosen) return state;

  for (const treatment of state.primary) {
    if (chosen.some((c) => c.code === treatment.code)) continue;
    state = run(state, { type: 'removeTreatment', code: treatment.code });
    // Not removable: it was swapped for another.
    state = { ...state, primary: state.primary.filter((t) => t.code !== treatment.code) };
  }
  for (const { code, name } of chosen) {
    if (state.primary.some((t) => t.code === code)) continue;
    state = state.additional.some((t) => t.code === code)
      ? run(state, { type: 'addTreatment', code })
      : run(state, { type: 'addPicked', treatment: knownOnlyByLine(code, name) });
  }
  for (const { code, quantity } of chosen) state = run(state, { type: 'setQuantity', code, quantity });
  return state;
}

/** The PUT body of a configuration: persons as the quantity, and the treatments. */
export const lineUpdate = (state: ConfiguratorState): UpdateCartItem => ({
  quantity: state.persons,
  options: { treatments: chosenTreatments(state) },
});

/** A treatment of the offer listing, as the configurator holds treatments. */
export function treatmentFromOffer(item: ListingItem): Treatment {
  return {
    code: item.code,
    name: item.name,
    description: item.description,
    images: item.images,
    links: item.links,
    price: item.price,
    durationMinutes: item.durationMinutes,
    quantity: 1,
    minQuantity: 1,
    maxQuantity: 2,
    free: false,
    deletable: true,
    replacable: false,
    additional: false,
    deletePermanently: true,
  };
}
