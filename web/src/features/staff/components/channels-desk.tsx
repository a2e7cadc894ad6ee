import { useId, useState } from 'react';

import { useChannels } from '@/features/staff/api/channels';
import { useBoard } from '@/features/staff/api/get-board';
import { channelGroups, conflictCount, type RoomChoice } from '@/features/staff/utils/channels';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Channel } from '@/types/api';
import { todayIso } from '@/utils/calendar-date';

import '@/features/staff/staff.css';

import { ChannelForm } from './channel-form';
import { channelHeadingId, ChannelItem } from './channel-item';
import { DeskStatus, deskFailure } from './desk-status';
import { LoadFailed } from './staff-fields';
import { useFocusLater } from './use-focus-later';

const ACCESS = { login: 'staff.channels.loginNeeded', forbidden: 'staff.channels.forbidden' } as const;

const roomHeadingId = (code: string) => `staff-channels-room-${code}`;

/**
 * The booking portals (`/backend/channels`, administrators): a channel per
 * portal's listing of a room type, grouped by room type, each with our
 * export address for the portal, the portal's calendar imported here (every
 * 10 minutes, or at once with "Sync now") and how the last import went, its
 * bookings, and the bookings that landed on nights sold out here
 * (conflicts, counted in an alert at the top); channels added, changed and
 * deleted in place, with a short guide to setting one up.
 */
export function ChannelsDesk({ loginHref }: { loginHref: string }) {
  const { t, locale } = useI18n();
  const channels = useChannels(locale);
  // The room types with their names and units, read once (the board's rows).
  const board = useBoard(todayIso(), 1, locale, false);
  const focusLater = useFocusLater();
  const addId = useId();
  const addHeadingId = useId();
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const failure = deskFailure(channels);
  const access = failure === 'login' || failure === 'forbidden';
  const list = access ? undefined : channels.data?.items;
  const rooms: RoomChoice[] = (board.data?.rooms ?? []).map(({ code, name, units }) => ({ code, name, units }));
  const groups = list ? channelGroups(list, rooms) : [];

  const deleted = (channel: Channel) => {
    setDone(t('staff.channels.deleted', { name: channel.name }));
    // The keyboard stays with the room type's other channels, else goes to adding one.
    const others = list?.some((c) => c.id !== channel.id && c.roomCode === channel.roomCode);
    focusLater(others ? roomHeadingId(channel.roomCode) : adding ? addHeadingId : addId);
  };

  return (
    <div className="staff-desk staff-channels">
      <DeskStatus query={channels} loading="staff.channels.loading" loadError="staff.channels.loadError" words={ACCESS} loginHref={loginHref} />
      {list && <ConflictsNotice channels={list} />}
      {list && <ChannelsHelp />}
      <div className="staff-settings__status" role="status">
        {done && <p className="staff-notice staff-notice--success">{done}</p>}
      </div>
      {list && (
        <>
          <LoadFailed query={board} text={t('staff.channels.roomsError')} />
          {list.length === 0 && !adding && <p className="staff-notice">{t('staff.channels.empty')}</p>}
          {adding ? (
            <section className="staff-settings__section" aria-labelledby={addHeadingId}>
              <h2 id={addHeadingId} tabIndex={-1}>
                {t('staff.channels.addHeading')}
              </h2>
              <ChannelForm
                rooms={rooms}
                labelledBy={addHeadingId}
                onSaved={(saved) => {
                  setAdding(false);
                  setDone(t('staff.channels.added', { name: saved.name }));
                  focusLater(channelHeadingId(saved.id));
                }}
                onCancel={() => {
                  setAdding(false);
                  focusLater(addId);
                }}
              />
            </section>
          ) : (
            <p className="staff-channels__add">
              <button
                id={addId}
                type="button"
                className="button button--primary"
                onClick={() => {
                  setDone(null);
                  setAdding(true);
                  focusLater(addHeadingId);
                }}
              >
                {t('staff.channels.add')}
              </button>
            </p>
          )}
          {groups.map((group) => (
            <section key={group.code} className="staff-channels__group" aria-labelledby={roomHeadingId(group.code)}>
              <h2 id={roomHeadingId(group.code)} tabIndex={-1}>
                {group.name}
                {group.units !== undefined && (
                  <>
                    {' '}
                    <span className="staff-channels__units">({t('staff.board.units', { count: group.units })})</span>
                  </>
                )}
              </h2>
              <ul className="staff-channels__list">
                {group.channels.map((channel) => (
                  <li key={channel.id}>
                    <ChannelItem channel={channel} room={rooms.find((r) => r.code === channel.roomCode)} rooms={rooms} onDeleted={deleted} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

/** The conflicts of every channel counted, each channel with some a link to it. */
function ConflictsNotice({ channels }: { channels: Channel[] }) {
  const { t } = useI18n();
  const count = conflictCount(channels);
  if (count === 0) return null;
  return (
    <div className="staff-notice staff-notice--error staff-channels__alert" role="alert">
      <p>
        <strong>{t('staff.channels.conflicts.alert', { count })}</strong> {t('staff.channels.conflicts.what')}
      </p>
      <ul>
        {channels
          .filter((channel) => channel.conflicts.length > 0)
          .map((channel) => (
            <li key={channel.id}>
              <a
                href={`#${channelHeadingId(channel.id)}`}
                onClick={(event) => {
                  event.preventDefault();
                  document.getElementById(channelHeadingId(channel.id))?.focus();
                }}
              >
                {t('staff.channels.conflicts.of', { name: channel.name, count: channel.conflicts.length })}
              </a>
            </li>
          ))}
      </ul>
    </div>
  );
}

/** How a channel is set up on Booking.com and Airbnb, and what calendar sync cannot do. */
function ChannelsHelp() {
  const { t } = useI18n();
  return (
    <details className="staff-channels__help">
      <summary>{t('staff.channels.help.summary')}</summary>
      <p>{t('staff.channels.help.intro')}</p>
      <p className="staff-channels__help-heading">
        <strong>{t('staff.channels.help.booking')}</strong>
      </p>
      <ol>
        <li>{t('staff.channels.help.booking1')}</li>
        <li>{t('staff.channels.help.booking2')}</li>
        <li>{t('staff.channels.help.booking3')}</li>
      </ol>
      <p className="staff-channels__help-heading">
        <strong>{t('staff.channels.help.airbnb')}</strong>
      </p>
      <ol>
        <li>{t('staff.channels.help.airbnb1')}</li>
        <li>{t('staff.channels.help.airbnb2')}</li>
        <li>{t('staff.channels.help.airbnb3')}</li>
      </ol>
      <p className="staff-channels__limits">{t('staff.channels.help.limits')}</p>
    </details>
  );
}
