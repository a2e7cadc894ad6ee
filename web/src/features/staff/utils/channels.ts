/**
 * The booking portals' channels as the page types them, checked the way
 * the rooms service checks them (services/rooms/src/domain/channels.rs:
 * a name of 1 to 60 characters, a room type that exists, 1 up to its
 * units, an http(s) address of at most 500 bytes without spaces), turned
 * into the body to save; the list grouped by room type, and an import's
 * outcome in words to choose.
 */
import type { Channel, ChannelChange, SyncAnswer } from '@/types/api';

export const NAME_MAX = 60;
export const IMPORT_URL_MAX = 500;

/** The form's fields, by the server's names of them (a 422 names the same). */
export type ChannelField = 'name' | 'roomCode' | 'units' | 'importUrl';
export const CHANNEL_FIELDS: Record<ChannelField, string> = { name: 'name', roomCode: 'roomCode', units: 'units', importUrl: 'importUrl' };

export type ChannelForm = {
  name: string;
  roomCode: string;
  units: string;
  /** '' : export only. */
  importUrl: string;
  /** On a change only: revoke the export address and make a new one. */
  newExportUrl: boolean;
};

/** A room type to choose, with its units (the board's rows). */
export type RoomChoice = { code: string; name: string; units: number };

/** A channel's form as saved, or a new one's for a room type (all of its units). */
export const channelForm = (channel: Channel | undefined, room: RoomChoice | undefined): ChannelForm =>
  channel
    ? { name: channel.name, roomCode: channel.roomCode, units: String(channel.units), importUrl: channel.importUrl ?? '', newExportUrl: false }
    : { name: '', roomCode: room?.code ?? '', units: room ? String(room.units) : '1', importUrl: '', newExportUrl: false };

export type ChannelProblem = 'required' | 'tooLong' | 'range' | 'notHttp';

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** An `http://` or `https://` address with a host, without spaces, as the server takes it. */
export function importUrlProblem(url: string): ChannelProblem | null {
  if (bytes(url) > IMPORT_URL_MAX) return 'tooLong';
  const rest = url.startsWith('https://') ? url.slice(8) : url.startsWith('http://') ? url.slice(7) : null;
  // eslint-disable-next-line no-control-regex
  if (rest === null || rest === '' || rest.startsWith('/') || rest.startsWith(':') || /[\s\u0000-\u001f\u007f-\u009f]/u.test(url)) return 'notHttp';
  return null;
}

/**
 * The body to save, or what is wrong with each field. `roomUnits`: the
 * chosen room type's units (undefined while the room types are unknown:
 * the server checks). A change (`editing`) says whether the export address
 * is made anew.
 */
export function toChannelChange(
  form: ChannelForm,
  roomUnits: number | undefined,
  editing: boolean,
): { change: ChannelChange } | { problems: Partial<Record<ChannelField, ChannelProblem>> } {
  const problems: Partial<Record<ChannelField, ChannelProblem>> = {};
  const name = form.name.trim();
  const length = [...name].length;
  if (length === 0) problems.name = 'required';
  else if (length > NAME_MAX) problems.name = 'tooLong';
  const roomCode = form.roomCode.trim();
  if (roomCode === '') problems.roomCode = 'required';
  const unitsText = form.units.trim();
  const units = Number(unitsText);
  if (!/^\d{1,3}$/.test(unitsText) || units < 1 || units > (roomUnits ?? 500)) problems.units = 'range';
  const importUrl = form.importUrl.trim();
  const urlProblem = importUrl === '' ? null : importUrlProblem(importUrl);
  if (urlProblem) problems.importUrl = urlProblem;
  if (Object.keys(problems).length > 0) return { problems };
  const change: ChannelChange = { name, roomCode, units, importUrl: importUrl === '' ? null : importUrl };
  return { change: editing ? { ...change, newExportUrl: form.newExportUrl } : change };
}

/** A room type's channels, under its name (the code when the board does not know it), with its units when known. */
export type ChannelGroup = { code: string; name: string; units: number | undefined; channels: Channel[] };

/** The channels by room type, in the board's order of the room types (unknown ones last), each by name. */
export function channelGroups(channels: Channel[], rooms: RoomChoice[]): ChannelGroup[] {
  const order = new Map(rooms.map((room, index) => [room.code, index]));
  const codes = [...new Set(channels.map((channel) => channel.roomCode))].sort((a, b) => {
    const [ia, ib] = [order.get(a) ?? Infinity, order.get(b) ?? Infinity];
    return ia === ib ? a.localeCompare(b) : ia - ib;
  });
  return codes.map((code) => {
    const room = rooms.find((r) => r.code === code);
    return {
      code,
      name: room?.name ?? code,
      units: room?.units,
      channels: channels.filter((channel) => channel.roomCode === code).sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}

/** Every channel's conflicts together. */
export const conflictCount = (channels: Channel[]): number => channels.reduce((sum, channel) => sum + channel.conflicts.length, 0);

/** An import now, as the page says it. */
export type SyncOutcome =
  | { kind: 'failed'; error: string }
  | { kind: 'unchanged' }
  | { kind: 'changes'; added: number; changed: number; removed: number; conflicts: number };

export function syncOutcome(answer: SyncAnswer): SyncOutcome {
  if (answer.error) return { kind: 'failed', error: answer.error };
  if (answer.notModified) return { kind: 'unchanged' };
  const { added, changed, removed, conflicts } = answer;
  return { kind: 'changes', added, changed, removed, conflicts };
}
