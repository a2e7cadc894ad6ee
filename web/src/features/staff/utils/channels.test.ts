import { describe, expect, it } from 'vitest';

import type { Channel, SyncAnswer } from '@/types/api';

import { channelForm, channelGroups, conflictCount, importUrlProblem, syncOutcome, toChannelChange, type ChannelForm, type RoomChoice } from './channels';

const ROOMS: RoomChoice[] = [
  { code: 'ROOM_DOUBLE', name: 'Double room', units: 4 },
  { code: 'ROOM_SUITE', name: 'Suite', units: 2 },
];

const channel = (extra: Partial<Channel> = {}): Channel => ({
  id: 'c1',
  name: 'Booking.com – double',
  roomCode: 'ROOM_DOUBLE',
  units: 2,
  importUrl: 'https://admin.booking.com/hotel/ical/1.ics',
  exportUrl: 'https://spa.example/ical/abc.ics',
  lastSyncAt: null,
  lastSuccessAt: null,
  lastError: null,
  bookings: 0,
  conflicts: [],
  updatedAt: null,
  updatedBy: '',
  ...extra,
});

const form = (extra: Partial<ChannelForm> = {}): ChannelForm => ({
  name: 'Airbnb – suite',
  roomCode: 'ROOM_SUITE',
  units: '2',
  importUrl: '',
  newExportUrl: false,
  ...extra,
});

describe('a channel’s form', () => {
  it('starts from the channel as saved, or for a new one with all of the room type’s units', () => {
    expect(channelForm(channel({ importUrl: null }), undefined)).toEqual({
      name: 'Booking.com – double',
      roomCode: 'ROOM_DOUBLE',
      units: '2',
      importUrl: '',
      newExportUrl: false,
    });
    expect(channelForm(undefined, ROOMS[1])).toEqual({ name: '', roomCode: 'ROOM_SUITE', units: '2', importUrl: '', newExportUrl: false });
    expect(channelForm(undefined, undefined)).toMatchObject({ roomCode: '', units: '1' });
  });

  it('becomes the body, trimmed; an empty address is export only; a change says whether the export address is made anew', () => {
    expect(toChannelChange(form({ name: '  Airbnb – suite ', importUrl: ' https://www.airbnb.com/calendar/ical/1.ics?s=x ' }), 2, false)).toEqual({
      change: { name: 'Airbnb – suite', roomCode: 'ROOM_SUITE', units: 2, importUrl: 'https://www.airbnb.com/calendar/ical/1.ics?s=x' },
    });
    expect(toChannelChange(form(), 2, false)).toEqual({ change: { name: 'Airbnb – suite', roomCode: 'ROOM_SUITE', units: 2, importUrl: null } });
    expect(toChannelChange(form({ newExportUrl: true }), 2, true)).toEqual({
      change: { name: 'Airbnb – suite', roomCode: 'ROOM_SUITE', units: 2, importUrl: null, newExportUrl: true },
    });
    expect(toChannelChange(form(), 2, true)).toHaveProperty('change.newExportUrl', false);
  });

  it('names a missing or too long name, no room type and units out of 1 to the room type’s', () => {
    expect(toChannelChange(form({ name: ' ', roomCode: '', units: '0' }), undefined, false)).toEqual({
      problems: { name: 'required', roomCode: 'required', units: 'range' },
    });
    // 60 characters (a dash counts one) are the most.
    expect(toChannelChange(form({ name: `–${'a'.repeat(59)}` }), 2, false)).toHaveProperty('change');
    expect(toChannelChange(form({ name: 'a'.repeat(61) }), 2, false)).toEqual({ problems: { name: 'tooLong' } });
    expect(toChannelChange(form({ units: '3' }), 2, false)).toEqual({ problems: { units: 'range' } });
    expect(toChannelChange(form({ units: '1' }), 2, false)).toHaveProperty('change.units', 1);
    for (const units of ['', '1.5', '-1', 'two']) expect(toChannelChange(form({ units }), 2, false)).toEqual({ problems: { units: 'range' } });
    // The room types unknown: the server's own limit.
    expect(toChannelChange(form({ units: '7' }), undefined, false)).toHaveProperty('change.units', 7);
  });

  it('takes an http or https address with a host, of at most 500 bytes, as the server does', () => {
    expect(importUrlProblem('http://example.com/a.ics')).toBeNull();
    expect(importUrlProblem('https://example.com')).toBeNull();
    for (const url of ['ftp://example.com/a.ics', 'example.com/a.ics', 'https://', 'https:///a', 'https://:80/a', 'https://exa mple.com', 'HTTPS://example.com', 'webcal://x']) {
      expect(importUrlProblem(url), url).toBe('notHttp');
    }
    // "https://example.com/" is 20 bytes.
    expect(importUrlProblem(`https://example.com/${'a'.repeat(480)}`)).toBeNull();
    expect(importUrlProblem(`https://example.com/${'a'.repeat(481)}`)).toBe('tooLong');
    // Bytes, not characters: "ą" is two.
    expect(importUrlProblem(`https://example.com/${'ą'.repeat(241)}`)).toBe('tooLong');
    expect(toChannelChange(form({ importUrl: 'www.airbnb.com/ical' }), 2, false)).toEqual({ problems: { importUrl: 'notHttp' } });
  });
});

describe('the channels', () => {
  it('are grouped by room type in the board’s order, unknown room types last, each by name', () => {
    const groups = channelGroups(
      [
        channel({ id: 'a', name: 'Booking.com', roomCode: 'ROOM_SUITE' }),
        channel({ id: 'b', name: 'Airbnb', roomCode: 'ROOM_SUITE' }),
        channel({ id: 'c', name: 'Old', roomCode: 'ROOM_GONE' }),
        channel({ id: 'd', name: 'Airbnb', roomCode: 'ROOM_DOUBLE' }),
      ],
      ROOMS,
    );
    expect(groups.map((group) => [group.code, group.name, group.units, group.channels.map((c) => c.id)])).toEqual([
      ['ROOM_DOUBLE', 'Double room', 4, ['d']],
      ['ROOM_SUITE', 'Suite', 2, ['b', 'a']],
      ['ROOM_GONE', 'ROOM_GONE', undefined, ['c']],
    ]);
    expect(channelGroups([], ROOMS)).toEqual([]);
  });

  it('count their conflicts together', () => {
    const conflict = { uid: 'u', summary: 'Reserved', arrival: '2027-07-01', departure: '2027-07-03', nights: ['2027-07-01'] };
    expect(conflictCount([channel({ conflicts: [conflict, conflict] }), channel(), channel({ conflicts: [conflict] })])).toBe(3);
    expect(conflictCount([])).toBe(0);
  });
});

describe('an import’s outcome', () => {
  const answer = (extra: Partial<SyncAnswer>): SyncAnswer => ({
    notModified: false,
    added: 0,
    changed: 0,
    removed: 0,
    conflicts: 0,
    error: null,
    channel: channel(),
    ...extra,
  });

  it('is the error, the calendar unchanged, or what changed', () => {
    expect(syncOutcome(answer({ error: 'the portal answered 503' }))).toEqual({ kind: 'failed', error: 'the portal answered 503' });
    expect(syncOutcome(answer({ notModified: true }))).toEqual({ kind: 'unchanged' });
    expect(syncOutcome(answer({ added: 2, changed: 1, conflicts: 1 }))).toEqual({ kind: 'changes', added: 2, changed: 1, removed: 0, conflicts: 1 });
  });
});
