import { useId, useRef, useState } from 'react';

import { CheckboxField, FormAlert, SubmitButton, TextField } from '@/components/ui/form-fields';
import { useReloadChannels, useSaveChannel } from '@/features/staff/api/channels';
import { staffFailure } from '@/features/staff/api/staff-errors';
import {
  CHANNEL_FIELDS,
  channelForm,
  toChannelChange,
  type ChannelField,
  type ChannelForm as Form,
  type ChannelProblem,
  type RoomChoice,
} from '@/features/staff/utils/channels';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Channel } from '@/types/api';

import { refusal } from './settings-section';
import { SelectField } from './staff-fields';
import { useFocusFirstError } from './use-focus-first-error';

type Props = {
  /** The channel changed; none: a new one. */
  channel?: Channel;
  /** The room types to choose from (the board's rows); empty while they load or when they could not be. */
  rooms: RoomChoice[];
  /** The heading naming the form. */
  labelledBy: string;
  /** Saved as the server answered; `renewed`: its export address was made anew. */
  onSaved: (saved: Channel, renewed: boolean) => void;
  onCancel: () => void;
};

/**
 * A channel's form, new or changed: its name, room type, units, the
 * portal's calendar address (none: export only) and, on a change, a new
 * export address. Checked in the page as the server checks it; a field the
 * server refuses (422 `invalid_channel`) shows at that field, the keyboard
 * on the first one in error.
 */
export function ChannelForm({ channel, rooms, labelledBy, onSaved, onCancel }: Props) {
  const { t, locale } = useI18n();
  const save = useSaveChannel(locale);
  const reload = useReloadChannels(locale);
  const [form, setForm] = useState<Form>(() => channelForm(channel, rooms[0]));
  const [errors, setErrors] = useState<Partial<Record<ChannelField, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const { form: formRef, focusError } = useFocusFirstError(errors);
  const busy = useRef(false);
  const renewId = useId();
  const room = rooms.find((r) => r.code === form.roomCode);
  // A channel of a room type the board no longer lists keeps it as a choice, by its code.
  const choices = channel && !room && form.roomCode !== '' ? [...rooms, { code: form.roomCode, name: form.roomCode, units: 0 }] : rooms;

  const set = <F extends keyof Form>(field: F, value: Form[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field !== 'newExportUrl') setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const chooseRoom = (code: string) => {
    setForm((current) => {
      const before = rooms.find((r) => r.code === current.roomCode);
      const next = rooms.find((r) => r.code === code);
      // A new channel covers all of the room type's units until told otherwise.
      const follow = !channel && next && (before ? current.units === String(before.units) : true);
      return { ...current, roomCode: code, units: follow ? String(next.units) : current.units };
    });
    // The units' range is the room type's: a refusal of them may no longer hold.
    setErrors((current) => ({ ...current, roomCode: undefined, units: undefined }));
  };

  const problemWords = (field: ChannelField, problem: ChannelProblem): string => {
    switch (field) {
      case 'name':
        return t(problem === 'tooLong' ? 'staff.channels.problem.nameLong' : 'staff.channels.problem.name');
      case 'roomCode':
        return t('staff.channels.problem.room');
      case 'units':
        return room ? t('staff.channels.problem.units', { max: room.units }) : t('staff.channels.problem.unitsAny');
      case 'importUrl':
        return t(problem === 'tooLong' ? 'staff.channels.problem.urlLong' : 'staff.channels.problem.url');
    }
  };

  const submit = async () => {
    if (busy.current) return;
    setAlert(null);
    const checked = toChannelChange(form, room?.units, channel !== undefined);
    if ('problems' in checked) {
      focusError();
      const problems = Object.entries(checked.problems) as [ChannelField, ChannelProblem][];
      return setErrors(Object.fromEntries(problems.map(([field, problem]) => [field, problemWords(field, problem)])));
    }
    busy.current = true;
    try {
      const saved = await save.mutateAsync({ id: channel?.id, change: checked.change });
      onSaved(saved, checked.change.newExportUrl === true);
    } catch (error) {
      // Deleted meanwhile: the list as the server has it now.
      if (staffFailure(error) === 'notFound') void reload();
      const refused = refusal(error, CHANNEL_FIELDS, t('staff.channels.saveError'));
      if ('alert' in refused) return setAlert(refused.alert);
      focusError();
      setErrors(refused.errors);
    } finally {
      busy.current = false;
    }
  };

  return (
    <form
      ref={formRef}
      className="form staff-channel__form"
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('staff.channels.name')}
        autoComplete="off"
        required
        value={form.name}
        error={errors.name}
        hint={t('staff.channels.nameHint')}
        onChange={(event) => set('name', event.target.value)}
      />
      <div className="form__row">
        <SelectField label={t('staff.channels.room')} required value={form.roomCode} error={errors.roomCode} onChange={(event) => chooseRoom(event.target.value)}>
          {form.roomCode === '' && <option value="">{t('staff.channels.roomChoose')}</option>}
          {choices.map((r) => (
            <option key={r.code} value={r.code}>
              {r.units > 0 ? t('staff.channels.roomOption', { name: r.name, count: r.units }) : r.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('staff.channels.units')}
          inputMode="numeric"
          autoComplete="off"
          required
          value={form.units}
          error={errors.units}
          hint={room ? t('staff.channels.unitsHint', { max: room.units }) : t('staff.channels.unitsHintAny')}
          onChange={(event) => set('units', event.target.value)}
        />
      </div>
      <TextField
        label={t('staff.channels.importUrl')}
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={form.importUrl}
        error={errors.importUrl}
        hint={t('staff.channels.importUrlHint')}
        onChange={(event) => set('importUrl', event.target.value)}
      />
      {channel && (
        <CheckboxField
          label={t('staff.channels.newExportUrl')}
          checked={form.newExportUrl}
          aria-describedby={renewId}
          onChange={(event) => set('newExportUrl', event.target.checked)}
          extra={
            <p id={renewId} className="form-check__extra staff-settings__state">
              {t('staff.channels.newExportUrlHint')}
            </p>
          }
        />
      )}
      {alert && (
        <FormAlert>
          <p>{alert}</p>
        </FormAlert>
      )}
      <div className="staff-settings__actions">
        <SubmitButton busy={save.isPending} busyLabel={t('staff.settings.saving')}>
          {t(channel ? 'staff.channels.save' : 'staff.channels.create')}
        </SubmitButton>
        <button type="button" className="button" onClick={onCancel}>
          {t('staff.channels.cancel')}
        </button>
      </div>
    </form>
  );
}
