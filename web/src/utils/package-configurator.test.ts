import { describe, expect, it } from 'vitest';

import { packageDetails, treatment } from '@/testing/mocks/fixtures';
import type { Treatment } from '@/types/api';

import {
  canSwap,
  swapCandidates,
  configuratorReducer,
  costRequest,
  initConfigurator,
  type ConfiguratorAction,
  type ConfiguratorState,
} from './package-configurator';

function state(primary: Treatment[], additional: Treatment[] = [], persons = 1): ConfiguratorState {
  return { persons, primary, additional, minTreatments: 2 };
}

const run = (start: ConfiguratorState, ...actions: ConfiguratorAction[]) =>
  actions.reduce(configuratorReducer, start);

const quantities = (s: ConfiguratorState) =>
  s.primary.map((t) => [t.code, t.quantity, t.minQuantity, t.maxQuantity]);

describe('package configurator', () => {
  it('starts with one person and the package treatments', () => {
    const s = initConfigurator(packageDetails());
    expect(s.persons).toBe(1);
    expect(s.minTreatments).toBe(3);
    expect(s.primary.map((t) => t.code)).toEqual(['TR_AROMATHERAPY_MASSAGE', 'TR_HERBAL_BATH', 'TR_SAUNA_RITUAL']);
    expect(s.additional.map((t) => t.code)).toEqual(['TR_HOT_STONE', 'TR_CHOCOLATE_WRAP']);
    expect(initConfigurator({})).toEqual({ persons: 1, primary: [], additional: [], minTreatments: 0 });
  });

  describe('persons', () => {
    const start = state([
      treatment({ code: 'A', quantity: 1, minQuantity: 1, maxQuantity: 2 }),
      treatment({ code: 'B', quantity: 2, minQuantity: 2, maxQuantity: 4 }),
    ]);

    it('one more person raises every quantity and maximum by one', () => {
      const s = run(start, { type: 'setPersons', persons: 2 });
      expect(s.persons).toBe(2);
      expect(quantities(s)).toEqual([
        ['A', 2, 1, 3],
        ['B', 3, 2, 5],
      ]);
    });

    it('one person less lowers them by one, never below minQuantity', () => {
      const s = run(start, { type: 'setPersons', persons: 2 }, { type: 'setPersons', persons: 1 });
      expect(s.persons).toBe(1);
      expect(quantities(s)).toEqual(quantities(start));

      const atMinimum = state([treatment({ code: 'C', quantity: 1, minQuantity: 1, maxQuantity: 1 })], [], 2);
      expect(quantities(run(atMinimum, { type: 'setPersons', persons: 1 }))).toEqual([['C', 1, 1, 1]]);
    });

    it('keeps the quantity within the lowered maximum', () => {
      const s = state([treatment({ code: 'D', quantity: 3, minQuantity: 1, maxQuantity: 3 })], [], 2);
      expect(quantities(run(s, { type: 'setPersons', persons: 1 }))).toEqual([['D', 2, 1, 2]]);
    });

    it('stays within 1..2 persons', () => {
      expect(run(start, { type: 'setPersons', persons: 0 })).toBe(start);
      const two = run(start, { type: 'setPersons', persons: 2 });
      expect(run(two, { type: 'setPersons', persons: 3 })).toBe(two);
      // A jump is clamped: 1 -> 5 is one step to 2.
      expect(quantities(run(start, { type: 'setPersons', persons: 5 }))).toEqual(quantities(two));
    });
  });

  describe('adding a suggested treatment', () => {
    const suggestion = treatment({
      code: 'S',
      additional: true,
      deletable: false,
      replacable: true,
      quantity: 1,
      minQuantity: 1,
      maxQuantity: 1,
    });
    const start = state([treatment({ code: 'A' })], [suggestion, treatment({ code: 'T', additional: true })]);

    it('moves it to the primary list as deletable and not replacable', () => {
      const s = run(start, { type: 'addTreatment', code: 'S' });
      expect(s.primary.map((t) => t.code)).toEqual(['A', 'S']);
      expect(s.primary[1]).toMatchObject({ deletable: true, replacable: false, additional: false, quantity: 1 });
      expect(s.additional.map((t) => t.code)).toEqual(['T']);
    });

    it('raises its maximum to the person count when below it', () => {
      const two = run(start, { type: 'setPersons', persons: 2 }, { type: 'addTreatment', code: 'S' });
      expect(two.primary.find((t) => t.code === 'S')?.maxQuantity).toBe(2);
      const one = run(start, { type: 'addTreatment', code: 'S' });
      expect(one.primary.find((t) => t.code === 'S')?.maxQuantity).toBe(1);
      const roomy = run(start, { type: 'addTreatment', code: 'T' });
      expect(roomy.primary.find((t) => t.code === 'T')?.maxQuantity).toBe(2);
    });

    it('ignores unknown codes and treatments already included', () => {
      expect(run(start, { type: 'addTreatment', code: 'NOPE' })).toBe(start);
      const duplicate = state([treatment({ code: 'S' })], [suggestion]);
      expect(run(duplicate, { type: 'addTreatment', code: 'S' })).toBe(duplicate);
    });
  });

  describe('removing a treatment', () => {
    it('returns a deletable treatment to the suggestions with quantity 1', () => {
      const start = state([treatment({ code: 'A' }), treatment({ code: 'B', deletable: true, quantity: 2 })]);
      const s = run(start, { type: 'removeTreatment', code: 'B' });
      expect(s.primary.map((t) => t.code)).toEqual(['A']);
      expect(s.additional).toHaveLength(1);
      expect(s.additional[0]).toMatchObject({ code: 'B', quantity: 1, additional: true });
    });

    it('drops a deletePermanently treatment for good', () => {
      const start = state([treatment({ code: 'A', deletable: true, deletePermanently: true })]);
      const s = run(start, { type: 'removeTreatment', code: 'A' });
      expect(s.primary).toEqual([]);
      expect(s.additional).toEqual([]);
    });

    it('keeps treatments that are not deletable', () => {
      const start = state([treatment({ code: 'A', deletable: false })]);
      expect(run(start, { type: 'removeTreatment', code: 'A' })).toBe(start);
    });

    it('can add back what was removed, and remove what was added', () => {
      const start = state([treatment({ code: 'A' })], [treatment({ code: 'S', additional: true })]);
      const added = run(start, { type: 'addTreatment', code: 'S' });
      const removed = run(added, { type: 'removeTreatment', code: 'S' });
      expect(removed.primary.map((t) => t.code)).toEqual(['A']);
      expect(removed.additional.map((t) => [t.code, t.quantity])).toEqual([['S', 1]]);
    });
  });

  describe('quantities', () => {
    const start = state([treatment({ code: 'A', quantity: 1, minQuantity: 1, maxQuantity: 2 })]);

    it('change within minQuantity..maxQuantity', () => {
      expect(quantities(run(start, { type: 'setQuantity', code: 'A', quantity: 2 }))).toEqual([['A', 2, 1, 2]]);
      expect(quantities(run(start, { type: 'setQuantity', code: 'A', quantity: 3 }))).toEqual([['A', 2, 1, 2]]);
      expect(run(start, { type: 'setQuantity', code: 'A', quantity: 0 })).toBe(start);
      expect(run(start, { type: 'setQuantity', code: 'X', quantity: 2 })).toBe(start);
    });
  });

  it('builds the estimated-cost request from persons and primary treatments', () => {
    const s = run(
      initConfigurator(packageDetails()),
      { type: 'setPersons', persons: 2 },
      { type: 'addTreatment', code: 'TR_HOT_STONE' },
    );
    expect(costRequest(s)).toEqual({
      persons: 2,
      treatments: [
        { code: 'TR_AROMATHERAPY_MASSAGE', quantity: 2 },
        { code: 'TR_HERBAL_BATH', quantity: 2 },
        { code: 'TR_SAUNA_RITUAL', quantity: 2 },
        { code: 'TR_HOT_STONE', quantity: 1 },
      ],
    });
  });

  describe('treatments picked in the treatment modal', () => {
    const massage = treatment({ code: 'M', quantity: 1, minQuantity: 1, maxQuantity: 2, deletable: true, replacable: true });
    const fixed = treatment({ code: 'F', deletable: false, replacable: true });
    const wrap = treatment({ code: 'W', additional: true, maxQuantity: 1 });
    const picked = treatment({ code: 'P', quantity: 3, minQuantity: 2, maxQuantity: 5, deletable: false });

    it('join with quantity 1, min 1, max 2 (the persons when more), removable for good', () => {
      const s = run(state([massage], [], 2), { type: 'addPicked', treatment: picked });
      expect(quantities(s)).toEqual([
        ['M', 1, 1, 2],
        ['P', 1, 1, 2],
      ]);
      expect(s.primary[1]).toMatchObject({ deletable: true, replacable: false, deletePermanently: true });
      // Removed, it does not become a suggestion.
      expect(run(s, { type: 'removeTreatment', code: 'P' }).additional).toEqual([]);
    });

    it('a suggestion picked there joins as a suggestion does; one already in is not added twice', () => {
      const s = run(state([massage], [wrap], 2), { type: 'addPicked', treatment: { ...wrap, additional: false } });
      expect(s.primary.map((t) => t.code)).toEqual(['M', 'W']);
      expect(s.additional).toEqual([]);
      expect(run(s, { type: 'addPicked', treatment: massage })).toBe(s);
    });

    it('a swap puts it in the place of the treatment, which goes back to the suggestions', () => {
      const s = run(state([massage, fixed], [wrap]), { type: 'swapTreatment', code: 'M', treatment: picked });
      expect(s.primary.map((t) => t.code)).toEqual(['P', 'F']);
      expect(s.primary[0]).toMatchObject({ quantity: 1, minQuantity: 1, maxQuantity: 2, deletable: true, replacable: true });
      expect(s.additional.map((t) => [t.code, t.quantity, t.additional])).toEqual([
        ['W', 1, true],
        ['M', 1, true],
      ]);
    });

    it('a swap takes a suggestion out of the suggestions', () => {
      const s = run(state([massage], [wrap]), { type: 'swapTreatment', code: 'M', treatment: wrap });
      expect(s.primary.map((t) => t.code)).toEqual(['W']);
      expect(s.additional.map((t) => t.code)).toEqual(['M']);
    });

    it('a swap for a suggestion keeps its bounds; swapped out again, it goes back to the suggestions', () => {
      const other = treatment({ code: 'X', additional: true, quantity: 1, minQuantity: 1, maxQuantity: 3 });
      const start = state([fixed, massage], [wrap, other], 2);
      // The modal hands over the treatment as the offer lists it (quantity 1, min 1, max 2, gone when removed).
      const fromOffer = (code: string) => treatment({ code, quantity: 1, minQuantity: 1, maxQuantity: 2, deletePermanently: true });

      const once = run(start, { type: 'swapTreatment', code: 'F', treatment: fromOffer('X') });
      expect(once.primary[0]).toMatchObject({
        code: 'X',
        minQuantity: 1,
        maxQuantity: 3,
        additional: false,
        deletable: false,
        replacable: true,
        deletePermanently: false,
      });
      expect(once.additional.map((t) => t.code)).toEqual(['W', 'F']);

      const twice = run(once, { type: 'swapTreatment', code: 'X', treatment: fromOffer('W') });
      expect(twice.primary.map((t) => t.code)).toEqual(['W', 'M']);
      // The wrap's maximum (1) is raised to the persons, as when it is added.
      expect(twice.primary[0]).toMatchObject({ maxQuantity: 2, deletable: false, replacable: true, deletePermanently: false });
      expect(twice.additional.map((t) => [t.code, t.quantity, t.additional])).toEqual([
        ['F', 1, true],
        ['X', 1, true],
      ]);
    });

    it('swaps a replacable treatment, for one not in the package yet', () => {
      const start = state([massage, fixed]);
      expect(canSwap(massage)).toBe(true);
      expect(canSwap(fixed)).toBe(true);
      expect(canSwap({ ...fixed, replacable: false })).toBe(false);
      expect(run(start, { type: 'swapTreatment', code: 'M', treatment: fixed })).toBe(start);
      const swapped = run(start, { type: 'swapTreatment', code: 'F', treatment: wrap });
      expect(swapped.primary.map((t) => [t.code, t.deletable])).toEqual([
        ['M', true],
        ['W', false],
      ]);
    });

    it('an included treatment that cannot be removed gives way to a suggestion only', () => {
      expect(swapCandidates(fixed, ['M', 'F', 'W'], ['W'])).toEqual(['W']);
      expect(swapCandidates(massage, ['M', 'F', 'W'], ['W'])).toEqual(['M', 'F', 'W']);
    });
  });
});
