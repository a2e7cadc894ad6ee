import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { staffPaths } from '@/config/staff-paths';
import { useBoard } from '@/features/staff/api/get-board';
import { useI18n } from '@/lib/i18n/i18n-provider';
import { formatLongDate, weekdayNames } from '@/lib/i18n/format';
import type { Board } from '@/types/api';
import { addDays, isIsoDate, todayIso, weekdayOf } from '@/utils/calendar-date';

import '@/features/staff/staff.css';

import { DaySteps } from './day-steps';
import { DeskStatus, deskFailure } from './desk-status';

/** Two weeks at a glance; the arrows move by as much. */
export const BOARD_DAYS = 14;

type Props = {
  /** The first night shown (the page's `?from=`); '' for today. */
  from: string;
  /** Shows other nights (the page puts the first into its query). */
  onFrom: (from: string) => void;
  /** Where a visitor who is not logged in logs in, coming back here. */
  loginHref: string;
};

type Night = Board['rooms'][number]['nights'][number];

/** A night's counts, as its words name them. */
const counts = (night: Night) => ({ free: night.free, units: night.units, booked: night.booked, held: night.held });

/** A night with bookings leads to them: that night's guests in the bookings list. */
function NightLink({ night, children }: { night: Night; children: ReactNode }) {
  const { locale } = useI18n();
  if (night.booked + night.held === 0) return children;
  return (
    <Link className="staff-board__link" to={staffPaths.staffBookings.href(locale, { from: night.date, to: night.date })}>
      {children}
    </Link>
  );
}

/** How full a night is, for its colour: a portal's double booking first, then closed, sold out, some taken, all free. */
function fill(night: Night): 'oversold' | 'closed' | 'full' | 'taken' | 'free' {
  if (night.oversold) return 'oversold';
  if (night.closed) return 'closed';
  if (night.free === 0) return 'full';
  return night.booked + night.held + night.external > 0 ? 'taken' : 'free';
}

/** What booking portals' calendars took that night, and a double booking, in words (nothing when neither). */
function PortalWords({ night }: { night: Night }) {
  const { t } = useI18n();
  if (night.external === 0) return null;
  return (
    <>
      <span className="staff-board__external" aria-hidden="true">
        {night.oversold ? '!' : ''}+{night.external}
      </span>
      <span className="sr-only">
        {t('staff.board.external', { count: night.external })}
        {night.oversold ? `, ${t('staff.board.oversold')}` : ''}
      </span>
    </>
  );
}

/**
 * The front desk's occupancy board (`/backend/board`): room types (and
 * their units) down, nights across, each cell with what is free of the
 * units and what is booked (paid) and held (unpaid). Two weeks at a time,
 * scrolled sideways on a phone with the room names kept in view. For
 * receptionists and administrators: the server says who may (401, 403),
 * and the board says it once.
 */
export function OccupancyBoard({ from, onFrom, loginHref }: Props) {
  const { t, locale } = useI18n();
  const start = isIsoDate(from) ? from : todayIso();
  const query = useBoard(start, BOARD_DAYS, locale);
  const failure = deskFailure(query);
  const board = failure ? undefined : query.data;
  const weekdays = weekdayNames(locale, 'short');
  const captionId = useId();

  return (
    <div className="staff-desk staff-board">
      <DaySteps day={start} step={BOARD_DAYS} onDay={onFrom} words={{ group: 'staff.board.nights', previous: 'staff.board.previous', today: 'staff.board.today', next: 'staff.board.next', date: 'staff.board.from' }} />

      <DeskStatus
        query={query}
        loading="staff.board.loading"
        loadError="staff.board.loadError"
        words={{ login: 'staff.board.loginNeeded', forbidden: 'staff.board.forbidden' }}
        loginHref={loginHref}
      />

      {board && (
        <>
          <p className="staff-board__legend">
            <span className="staff-board__key staff-board__key--free">{t('staff.board.legend.free')}</span>
            <span className="staff-board__key staff-board__key--taken">{t('staff.board.legend.taken')}</span>
            <span className="staff-board__key staff-board__key--full">{t('staff.board.legend.full')}</span>
            <span className="staff-board__key staff-board__key--closed">{t('staff.board.legend.closed')}</span>
            <span className="staff-board__key staff-board__key--oversold">{t('staff.board.legend.oversold')}</span>
          </p>
          {/* Focusable so a keyboard can scroll it sideways; named by its caption. */}
          <div className="staff-board__scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
            <table className="staff-board__table" aria-busy={query.isFetching}>
              <caption id={captionId}>
                {t('staff.board.caption', {
                  from: formatLongDate(board.from, locale),
                  to: formatLongDate(addDays(board.to, -1), locale),
                })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('staff.board.room')}</th>
                  {(board.rooms[0]?.nights ?? []).map((night) => {
                    const weekday = (weekdayOf(night.date) + 6) % 7;
                    return (
                      <th
                        key={night.date}
                        scope="col"
                        abbr={formatLongDate(night.date, locale)}
                        className={weekday >= 5 ? 'staff-board__weekend' : undefined}
                      >
                        <span className="staff-board__weekday">{weekdays[weekday]}</span>
                        <span className="staff-board__day">{Number(night.date.slice(8))}</span>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {board.rooms.map((room) => (
                  <tr key={room.code}>
                    <th scope="row">
                      <span className="staff-board__room">{room.name}</span>
                      <span className="staff-board__units">{t('staff.board.units', { count: room.units })}</span>
                    </th>
                    {room.nights.map((night) => (
                      <td
                        key={night.date}
                        className={`staff-board__night staff-board__night--${fill(night)}`}
                        title={[
                          t(night.closed ? 'staff.board.closedNight' : 'staff.board.night', counts(night)),
                          night.external > 0 ? t('staff.board.external', { count: night.external }) : '',
                          night.oversold ? t('staff.board.oversold') : '',
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      >
                        <NightLink night={night}>
                          {night.closed ? (
                            <>
                              <span aria-hidden="true">–</span>
                              <span className="sr-only">{t('staff.board.closedNight', counts(night))}</span>
                              <PortalWords night={night} />
                            </>
                          ) : (
                            <>
                              <span className="staff-board__free" aria-hidden="true">
                                {night.free}
                              </span>
                              <span className="staff-board__taken" aria-hidden="true">
                                {night.booked}/{night.held}
                              </span>
                              <span className="sr-only">{t('staff.board.night', counts(night))}</span>
                              <PortalWords night={night} />
                            </>
                          )}
                        </NightLink>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {board.rooms.length === 0 && <p className="staff-notice">{t('staff.board.empty')}</p>}
        </>
      )}
    </div>
  );
}
