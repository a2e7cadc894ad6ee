import { useId } from 'react';

import { useI18n } from '@/lib/i18n/i18n-provider';
import type { MessageKey } from '@/lib/i18n/messages';
import { addDays, isIsoDate } from '@/utils/calendar-date';

type Props = {
  /** The first day shown. */
  day: string;
  /** How far the arrows move, in days. */
  step: number;
  /** Shows another day; '' for today. */
  onDay: (day: string) => void;
  words: { group: MessageKey; previous: MessageKey; today: MessageKey; next: MessageKey; date: MessageKey };
};

/** Back, today, forward, and a chosen day: how a back-office page moves through the calendar. */
export function DaySteps({ day, step, onDay, words }: Props) {
  const { t } = useI18n();
  const dateId = useId();
  return (
    <div className="staff-board__controls" role="group" aria-label={t(words.group)}>
      <button type="button" className="button button--secondary" onClick={() => onDay(addDays(day, -step))}>
        {t(words.previous)}
      </button>
      <button type="button" className="button button--secondary" onClick={() => onDay('')}>
        {t(words.today)}
      </button>
      <button type="button" className="button button--secondary" onClick={() => onDay(addDays(day, step))}>
        {t(words.next)}
      </button>
      <label className="staff-board__from" htmlFor={dateId}>
        <span>{t(words.date)}</span>
        <input
          id={dateId}
          type="date"
          className="field__input"
          value={day}
          onChange={(event) => {
            // A browser's date field reports whole dates; a cleared one is ignored.
            if (isIsoDate(event.target.value)) onDay(event.target.value);
          }}
        />
      </label>
    </div>
  );
}
