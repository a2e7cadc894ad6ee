import { describe, expect, it } from 'vitest';

import { listingItem, packageDetails, packageLine, treatment } from '@/testing/mocks/fixtures';
import type { CartItem } from '@/types/api';
import { configuratorReducer, type ConfiguratorAction, type ConfiguratorState } from '@/utils/package-configurator';

import { configurationFromLine, lineUpdate, treatmentFromOffer } from './package-line';

const codes = (list: { code: string; quantity: number }[]) => list.map((t) => `${t.code}×${t.quantity}`);

describe('a package line as a configuration', () => {
  it("is the package's own for the line's persons when the line names no treatments", () => {
    const state = configurationFromLine(packageDetails(), packageLine({ quantity: 2, treatments: null }));
    expect(state.persons).toBe(2);
    expect(codes(state.primary)).toEqual(['TR_AROMATHERAPY_MASSAGE×2', 'TR_HERBAL_BATH×2', 'TR_SAUNA_RITUAL×2']);
    expect(state.minTreatments).toBe(3);
  });

  it('holds what the line holds: suggestions it added, treatments it dropped, its quantities', () => {
    const line = packageLine({
      quantity: 1,
      treatments: [
        { code: 'TR_AROMATHERAPY_MASSAGE', name: 'Masaż aromaterapeutyczny', quantity: 2 },
        { code: 'TR_SAUNA_RITUAL', name: 'Ceremonia saunowa', quantity: 1 },
        { code: 'TR_CHOCOLATE_WRAP', name: 'Zawijanie czekoladowe', quantity: 1 },
      ],
    });
    const state = configurationFromLine(packageDetails(), line);
    expect(codes(state.primary)).toEqual(['TR_AROMATHERAPY_MASSAGE×2', 'TR_SAUNA_RITUAL×1', 'TR_CHOCOLATE_WRAP×1']);
    // The dropped (deletable) bath went back to the suggestions; the added wrap left them.
    expect(state.additional.map((t) => t.code)).toEqual(['TR_HOT_STONE', 'TR_HERBAL_BATH']);
    expect(lineUpdate(state)).toEqual({
      quantity: 1,
      options: {
        treatments: [
          { code: 'TR_AROMATHERAPY_MASSAGE', quantity: 2 },
          { code: 'TR_SAUNA_RITUAL', quantity: 1 },
          { code: 'TR_CHOCOLATE_WRAP', quantity: 1 },
        ],
      },
    });
  });

  it('keeps a treatment only the line knows as a removable one', () => {
    const line = packageLine({
      treatments: [
        { code: 'TR_AROMATHERAPY_MASSAGE', name: 'Masaż', quantity: 1 },
        { code: 'TR_HERBAL_BATH', name: 'Kąpiel', quantity: 1 },
        { code: 'TR_SAUNA_RITUAL', name: 'Sauna', quantity: 1 },
        { code: 'TR_OTHER', name: 'Inny zabieg', quantity: 1 },
      ],
    });
    const other = configurationFromLine(packageDetails(), line).primary.at(-1);
    expect(other).toMatchObject({ code: 'TR_OTHER', name: 'Inny zabieg', deletable: true, deletePermanently: true });
  });

  it('takes a treatment of the offer as the modal gives it: quantity 1, min 1, max 2', () => {
    const picked = treatmentFromOffer(listingItem({ code: 'TR_X', name: 'Masaż X' }));
    expect(picked).toMatchObject({ code: 'TR_X', name: 'Masaż X', quantity: 1, minQuantity: 1, maxQuantity: 2 });
  });

  describe('after a swap, saved and opened again', () => {
    /** A package whose massage cannot be removed, only swapped for a suggestion. */
    const product = packageDetails({
      treatments: {
        primary: [
          treatment({ code: 'TR_MASSAGE', name: 'Masaż', deletable: false, replacable: true }),
          treatment({ code: 'TR_BATH', name: 'Kąpiel', deletable: true, replacable: true }),
        ],
        additional: [
          treatment({ code: 'TR_WRAP', name: 'Zawijanie', additional: true, maxQuantity: 3 }),
          treatment({ code: 'TR_FACIAL', name: 'Maseczka', additional: true }),
        ],
      },
      minTreatments: 2,
    });
    const picked = (code: string, name: string) => treatmentFromOffer(listingItem({ code, name }));

    /** Configures as the modal does, saves (the line takes the PUT's treatments, named) and opens again. */
    function saveAndReopen(...actions: ConfiguratorAction[]) {
      const start = configurationFromLine(product, packageLine({ quantity: 1, treatments: null }));
      const live = actions.reduce(configuratorReducer, start);
      const names = new Map([...live.primary, ...live.additional].map((t) => [t.code, t.name]));
      const saved: CartItem['treatments'] = (lineUpdate(live).options?.treatments ?? []).map((t) => ({
        ...t,
        name: names.get(t.code) ?? t.code,
      }));
      return { live, reopened: configurationFromLine(product, packageLine({ quantity: 1, treatments: saved })) };
    }
    const shape = (state: ConfiguratorState) => ({
      primary: state.primary.map((t) => [t.code, t.quantity, t.maxQuantity, t.deletable, t.replacable, t.deletePermanently]),
      additional: state.additional.map((t) => t.code).sort(),
    });

    it('holds the suggestion in the place of the included treatment, which is a suggestion again', () => {
      const { live, reopened } = saveAndReopen({ type: 'swapTreatment', code: 'TR_MASSAGE', treatment: picked('TR_WRAP', 'Zawijanie') });
      expect(shape(live)).toEqual({
        primary: [
          ['TR_WRAP', 1, 3, false, true, false],
          ['TR_BATH', 1, 2, true, true, false],
        ],
        additional: ['TR_FACIAL', 'TR_MASSAGE'],
      });
      expect(shape(reopened)).toEqual(shape(live));
    });

    it('after two swaps: the first suggestion is back among the suggestions', () => {
      const { live, reopened } = saveAndReopen(
        { type: 'swapTreatment', code: 'TR_MASSAGE', treatment: picked('TR_WRAP', 'Zawijanie') },
        { type: 'swapTreatment', code: 'TR_WRAP', treatment: picked('TR_FACIAL', 'Maseczka') },
      );
      expect(live.primary.map((t) => t.code)).toEqual(['TR_FACIAL', 'TR_BATH']);
      expect(shape(live).additional).toEqual(['TR_MASSAGE', 'TR_WRAP']);
      expect(shape(reopened)).toEqual(shape(live));
    });
  });
});
