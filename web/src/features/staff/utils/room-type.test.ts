import { describe, expect, it } from 'vitest';

import type { RoomTypeSettings } from '@/types/api';

import { roomTypeForm, toRoomTypeChange } from './room-type';

const settings: RoomTypeSettings = {
  code: 'ROOM_DOUBLE',
  units: 4,
  occupancy: 2,
  maxOccupancy: 3,
  extraBed: true,
  minStay: 1,
  baseRate: 38000,
  weekendRate: 45050,
  updatedAt: null,
  updatedBy: '',
};

describe('the room type’s settings', () => {
  it('show the rates in złoty as the page’s language writes them, and save them in grosze', () => {
    const form = roomTypeForm(settings, 'pl');
    expect(form.weekendRate).toBe('450,50');
    expect(roomTypeForm(settings, 'en_GB').weekendRate).toBe('450.50');
    expect(toRoomTypeChange({ ...form, units: ' 5 ', baseRate: '1 200 zł' })).toEqual({
      change: { units: 5, occupancy: 2, maxOccupancy: 3, extraBed: true, minStay: 1, baseRate: 120000, weekendRate: 45050 },
    });
  });

  it('name each field out of its range, both ends allowed', () => {
    const form = roomTypeForm(settings, 'pl');
    expect(toRoomTypeChange({ ...form, units: '500', minStay: '30', baseRate: '100000', weekendRate: '1' })).toHaveProperty('change');
    expect(toRoomTypeChange({ ...form, units: '501', occupancy: '0', minStay: '31', baseRate: '0', weekendRate: '100000,01' })).toEqual({
      problems: { units: 'range', occupancy: 'range', minStay: 'range', baseRate: 'range', weekendRate: 'range' },
    });
  });

  it('keep the most guests between the standard sleepers and 12', () => {
    const form = roomTypeForm(settings, 'pl');
    expect(toRoomTypeChange({ ...form, maxOccupancy: '1' })).toEqual({ problems: { maxOccupancy: 'range' } });
    expect(toRoomTypeChange({ ...form, maxOccupancy: '13' })).toEqual({ problems: { maxOccupancy: 'range' } });
    expect(toRoomTypeChange({ ...form, maxOccupancy: '12' })).toHaveProperty('change');
  });

  it('refuse an extra bed where no more guests may stay than the standard sleepers, and allow more without one', () => {
    const form = roomTypeForm(settings, 'pl');
    expect(toRoomTypeChange({ ...form, extraBed: false })).toHaveProperty('change.extraBed', false);
    expect(toRoomTypeChange({ ...form, maxOccupancy: '2' })).toEqual({ problems: { extraBed: 'extraBedUnneeded' } });
    expect(toRoomTypeChange({ ...form, maxOccupancy: '2', extraBed: false })).toHaveProperty('change.extraBed', false);
    // Sleepers out of range say nothing of the extra bed.
    expect(toRoomTypeChange({ ...form, occupancy: '11', extraBed: false })).toEqual({ problems: { occupancy: 'range' } });
  });
});
