import { useId, useRef, useState } from 'react';

import { FormAlert } from '@/components/ui/form-fields';
import { useDeleteChannel, useReloadChannels, useSyncChannel } from '@/features/staff/api/channels';
import { serverMessage, staffFailure } from '@/features/staff/api/staff-errors';
import { syncOutcome, type RoomChoice } from '@/features/staff/utils/channels';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Channel, SyncAnswer } from '@/types/api';

import { ChannelForm } from './channel-form';
import { Fact, LastChanged, Moment } from './facts';
import { useFocusLater } from './use-focus-later';

/** A channel's heading, where the conflicts notice and a save take the keyboard. */
export const channelHeadingId = (id: string) => `staff-channel-${id}`;

type Props = {
  channel: Channel;
  /** Its room type as the board has it; none when the board does not list it (or not yet). */
  room: RoomChoice | undefined;
  rooms: RoomChoice[];
  onDeleted: (channel: Channel) => void;
};

/** What the channel's last action came to: said politely, or an error alerted. */
type Outcome = { text: string; error: boolean } | null;

/**
 * One channel: its facts (room type, units, the portal's calendar, the last
 * import and how it went, its bookings), our export address to copy, its
 * conflicts, and "Sync now", "Edit" (in place) and "Delete" (confirmed).
 */
export function ChannelItem({ channel, room, rooms, onDeleted }: Props) {
  const { t, locale } = useI18n();
  const sync = useSyncChannel(locale);
  const remove = useDeleteChannel(locale);
  const reload = useReloadChannels(locale);
  const focusLater = useFocusLater();
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const busy = useRef(false);
  const headingId = channelHeadingId(channel.id);
  const editId = `${headingId}-edit`;
  const deleteId = `${headingId}-delete`;
  const keepId = `${headingId}-keep`;
  const editHeadingId = useId();
  const confirmId = useId();

  const failed = (error: unknown, fallback: string) => {
    // Deleted meanwhile: the list as the server has it now.
    if (staffFailure(error) === 'notFound') void reload();
    setOutcome({ text: staffFailure(error) === 'other' ? fallback : serverMessage(error), error: true });
  };

  const syncWords = (answer: SyncAnswer): Outcome => {
    const result = syncOutcome(answer);
    switch (result.kind) {
      case 'failed':
        return { text: t('staff.channels.sync.failed', { error: result.error }), error: true };
      case 'unchanged':
        return { text: t('staff.channels.sync.unchanged'), error: false };
      case 'changes':
        return { text: t('staff.channels.sync.changes', { ...result }), error: false };
    }
  };

  const runSync = async () => {
    if (busy.current) return;
    busy.current = true;
    setOutcome(null);
    try {
      setOutcome(syncWords(await sync.mutateAsync(channel.id)));
    } catch (error) {
      failed(error, t('staff.channels.sync.error'));
    } finally {
      busy.current = false;
    }
  };

  const runDelete = async () => {
    if (busy.current) return;
    busy.current = true;
    setOutcome(null);
    try {
      await remove.mutateAsync(channel.id);
      onDeleted(channel);
    } catch (error) {
      failed(error, t('staff.channels.deleteError'));
    } finally {
      busy.current = false;
    }
  };

  return (
    <article className="staff-channel" aria-labelledby={headingId} aria-busy={sync.isPending || undefined}>
      <h3 id={headingId} tabIndex={-1}>
        {channel.name}
      </h3>
      {channel.conflicts.length > 0 && <Conflicts channel={channel} />}
      <dl className="staff-order__facts staff-channel__facts">
        <Fact label={t('staff.channels.room')}>{room?.name ?? channel.roomCode}</Fact>
        <Fact label={t('staff.channels.units')}>{room ? t('staff.channels.unitsOf', { units: channel.units, total: room.units }) : channel.units}</Fact>
        <Fact label={t('staff.channels.importUrl')}>
          {channel.importUrl ? <span className="staff-channel__url">{channel.importUrl}</span> : t('staff.channels.exportOnly')}
        </Fact>
        <Fact label={t('staff.channels.lastImport')}>
          <LastImport channel={channel} />
        </Fact>
        <Fact label={t('staff.channels.bookings')}>{channel.bookings}</Fact>
      </dl>
      <ExportAddress channel={channel} />
      <LastChanged at={channel.updatedAt} by={channel.updatedBy} className="staff-settings__changed" />
      <div className="staff-settings__status" role="status">
        {outcome && !outcome.error && <p className="staff-notice staff-notice--success">{outcome.text}</p>}
      </div>
      {outcome?.error && (
        <FormAlert>
          <p>{outcome.text}</p>
        </FormAlert>
      )}
      {mode === 'view' && (
        <div className="staff-settings__actions">
          {channel.importUrl && (
            <button
              type="button"
              className="button button--primary"
              aria-disabled={sync.isPending || undefined}
              aria-label={sync.isPending ? undefined : t('staff.channels.syncNamed', { name: channel.name })}
              onClick={() => void runSync()}
            >
              {sync.isPending ? t('staff.channels.syncing') : t('staff.channels.sync')}
            </button>
          )}
          <button
            id={editId}
            type="button"
            className="button"
            aria-label={t('staff.channels.editNamed', { name: channel.name })}
            onClick={() => {
              setOutcome(null);
              setMode('edit');
              focusLater(editHeadingId);
            }}
          >
            {t('staff.channels.edit')}
          </button>
          <button
            id={deleteId}
            type="button"
            className="button"
            aria-label={t('staff.channels.deleteNamed', { name: channel.name })}
            onClick={() => {
              setOutcome(null);
              setMode('delete');
              focusLater(keepId);
            }}
          >
            {t('staff.channels.delete')}
          </button>
        </div>
      )}
      {mode === 'delete' && (
        <div className="staff-channel__confirm" role="group" aria-labelledby={confirmId}>
          <p id={confirmId}>{t('staff.channels.deleteWhat', { name: channel.name, count: channel.bookings })}</p>
          <div className="staff-settings__actions">
            <button type="button" className="button button--primary" aria-disabled={remove.isPending || undefined} onClick={() => void runDelete()}>
              {remove.isPending ? t('staff.channels.deleting') : t('staff.channels.confirmDelete', { name: channel.name })}
            </button>
            <button
              id={keepId}
              type="button"
              className="button"
              onClick={() => {
                setMode('view');
                focusLater(deleteId);
              }}
            >
              {t('staff.channels.keep')}
            </button>
          </div>
        </div>
      )}
      {mode === 'edit' && (
        <div className="staff-channel__edit">
          <h4 id={editHeadingId} tabIndex={-1}>
            {t('staff.channels.editHeading', { name: channel.name })}
          </h4>
          <ChannelForm
            channel={channel}
            rooms={rooms}
            labelledBy={editHeadingId}
            onSaved={(saved, renewed) => {
              setMode('view');
              setOutcome({ text: t(renewed ? 'staff.channels.savedRenewed' : 'staff.channels.saved', { name: saved.name }), error: false });
              focusLater(editId);
            }}
            onCancel={() => {
              setMode('view');
              focusLater(editId);
            }}
          />
        </div>
      )}
    </article>
  );
}

/** When the portal's calendar was last imported and how it went. */
function LastImport({ channel }: { channel: Channel }) {
  const { t } = useI18n();
  if (!channel.lastSyncAt) {
    if (channel.lastError) return <span className="staff-channel__error">{t('staff.channels.importFailed', { error: channel.lastError })}</span>;
    return <>{t(channel.importUrl ? 'staff.channels.never' : 'staff.channels.nothingToImport')}</>;
  }
  return (
    <>
      <Moment iso={channel.lastSyncAt} />
      {' – '}
      {channel.lastError ? (
        <span className="staff-channel__error">{t('staff.channels.importFailed', { error: channel.lastError })}</span>
      ) : (
        t('staff.channels.importOk')
      )}
      {channel.lastError && channel.lastSuccessAt && (
        <>
          {' '}
          <span className="staff-channel__since">
            ({t('staff.channels.lastSuccess')} <Moment iso={channel.lastSuccessAt} />)
          </span>
        </>
      )}
    </>
  );
}

/**
 * Our calendar for the portal: shown in a read-only field the user can
 * select, and copied with a button where the browser lets the page; where
 * it does not, the field's text is selected for a copy by hand.
 */
function ExportAddress({ channel }: { channel: Channel }) {
  const { t } = useI18n();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Said for the address copied: a new address clears it.
  const [copied, setCopied] = useState<{ url: string; done: boolean } | null>(null);
  const shown = copied?.url === channel.exportUrl ? copied : null;

  const copy = async () => {
    const url = channel.exportUrl;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopied({ url, done: true });
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopied({ url, done: false });
    }
  };

  return (
    <div className="field staff-channel__export">
      <label className="field__label" htmlFor={inputId}>
        {t('staff.channels.exportUrl')}
      </label>
      <div className="staff-channel__copy">
        <input
          ref={input}
          id={inputId}
          className="field__control"
          readOnly
          value={channel.exportUrl}
          spellCheck={false}
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" aria-label={t('staff.channels.copyNamed', { name: channel.name })} onClick={() => void copy()}>
          {t('staff.channels.copy')}
        </button>
      </div>
      <p id={hintId} className="form-field__hint">
        {t('staff.channels.exportHint')}
      </p>
      <p className="staff-channel__copied" role="status">
        {shown && t(shown.done ? 'staff.channels.copied' : 'staff.channels.copyByHand')}
      </p>
    </div>
  );
}

/** The channel's bookings on nights sold out here: each with its stay and the nights sold out without it. */
function Conflicts({ channel }: { channel: Channel }) {
  const { t, formatDate } = useI18n();
  const headingId = useId();
  return (
    <div className="staff-channel__conflicts" role="group" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('staff.channels.conflicts.heading', { count: channel.conflicts.length })}</h4>
      <ul>
        {channel.conflicts.map((conflict) => (
          <li key={conflict.uid}>
            <strong>{conflict.summary || conflict.uid}</strong>
            {': '}
            {t('staff.channels.conflicts.stay', { from: formatDate(conflict.arrival), to: formatDate(conflict.departure) })}
            {'; '}
            {t('staff.channels.conflicts.nights', { nights: conflict.nights.map((night) => formatDate(night)).join(', ') })}
            {conflict.summary && (
              <>
                {' '}
                <span className="staff-channel__uid">{t('staff.channels.conflicts.uid', { uid: conflict.uid })}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
