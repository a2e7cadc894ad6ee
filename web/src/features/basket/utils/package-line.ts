/**
 * A package line of the basket as a configuration the package configurator
 * can change (the rules of utils/package-configurator.ts, shared with the
 * package page), and back.
 */
import { PACKAGE_PERSONS_MIN } from '@/config/constants';
import type { CartItem, ListingItem, ProductDetails, Treatment, UpdateCartItem } from '@/types/api';
import {
  canRemove,
  canSwap,
  chosenTreatments,
  configuratorReducer,
  initConfigurator,
  pickedTreatment,
  type ConfiguratorAction,
  type ConfiguratorState,
} from '@/utils/package-configurator';

/**
 * The configuration a package line holds: the package's own moved to the
 * line's persons, then its treatments as the line has them (the package's
 * that the line dropped go, those that cannot be removed having been
 * swapped; the suggestions and other treatments it added join; the
 * quantities are the line's). Saved and opened again, a swap of an
 * included treatment reads as it was made: the replacement in its place,
 * swappable and not removable, the treatment it replaced a suggestion.
 * (A removable treatment swapped reads as removed plus added: the line
 * does not tell the two apart.)
 */
export function configurationFromLine(
  product: Pick<ProductDetails, 'treatments' | 'minTreatments'>,
  line: Pick<CartItem, 'quantity' | 'treatments'>,
): ConfiguratorState {
  const run = (state: ConfiguratorState, action: ConfiguratorAction) => configuratorReducer(state, action);
  let state = run(initConfigurator(product), { type: 'setPersons', persons: line.quantity });
  const chosen = line.treatments;
  if (!chosen) return state;

  const held = (code: string) => state.primary.some((t) => t.code === code);
  for (const treatment of state.primary) {
    if (chosen.some((c) => c.code === treatment.code)) continue;
    if (!canRemove(treatment) && canSwap(treatment)) {
      // Not removable: it was swapped, for one of the line's treatments the
      // package does not hold (a suggestion, as the swap allows). Made again
      // here: the replacement holds its place, and it is a suggestion again.
      const others = chosen.filter((c) => !held(c.code));
      const replacement = others.find((c) => state.additional.some((t) => t.code === c.code)) ?? others[0];
      if (replacement) {
        state = run(state, {
          type: 'swapTreatment',
          code: treatment.code,
          treatment: pickedTreatment(replacement, state.persons),
        });
        continue;
      }
    }
    state = run(state, { type: 'removeTreatment', code: treatment.code });
    // A removable one returns to the suggestions; one neither removable nor
    // swapped, yet gone from the line, stays gone.
    state = { ...state, primary: state.primary.filter((t) => t.code !== treatment.code) };
  }
  for (const { code, name } of chosen) {
    if (held(code)) continue;
    state = state.additional.some((t) => t.code === code)
      ? run(state, { type: 'addTreatment', code })
      : // Known only by the line (picked in the treatment modal earlier).
        run(state, { type: 'addPicked', treatment: pickedTreatment({ code, name }, state.persons) });
  }
  for (const { code, quantity } of chosen) state = run(state, { type: 'setQuantity', code, quantity });
  return state;
}

/** The PUT body of a configuration: persons as the quantity, and the treatments. */
export const lineUpdate = (state: ConfiguratorState): UpdateCartItem => ({
  quantity: state.persons,
  options: { treatments: chosenTreatments(state) },
});

/** A treatment of the offer listing, as the treatment modal offers it. */
export const treatmentFromOffer = (item: ListingItem): Treatment =>
  pickedTreatment(
    {
      code: item.code,
      name: item.name,
      description: item.description,
      images: item.images,
      links: item.links,
      price: item.price,
      durationMinutes: item.durationMinutes,
    },
    PACKAGE_PERSONS_MIN,
  );
