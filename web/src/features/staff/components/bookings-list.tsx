import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { useBookings, type BookingsSearch } from '@/features/staff/api/get-bookings';
import { serverMessage } from '@/features/staff/api/staff-errors';
import { ApiError } from '@/lib/api-client';
import { staffPaths } from '@/config/staff-paths';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { OrderState } from '@/types/api';

import '@/features/staff/staff.css';

import { DeskStatus, deskFailure } from './desk-status';
import { useOrderWords } from './order-words';
import { guestName, owed } from '@/features/staff/utils/order';

const STATES: OrderState[] = ['new', 'paid', 'cancelled'];

type Props = {
  search: BookingsSearch;
  /** Shows another search or page (the page puts it into its query). */
  onSearch: (search: BookingsSearch) => void;
  loginHref: string;
};

/**
 * The front desk's bookings (`/backend/bookings`): a search by any part of
 * a booking code, name, e-mail or phone, by the days a stay touches and by
 * state; newest first, 20 a page, each leading to its order.
 */
export function BookingsList({ search, onSearch, loginHref }: Props) {
  const { t, locale, formatMoney } = useI18n();
  const words = useOrderWords();
  const query = useBookings(search, locale);
  const failure = deskFailure(query);
  const page = failure ? undefined : query.data;
  // The form follows the address (back, forward, a link); typing changes only the form.
  const [draft, setDraft] = useState(search);
  const searched = JSON.stringify(search);
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setDraft(search);
  }
  const badField = failure === 'invalid' && query.error instanceof ApiError ? query.error.errors[0]?.field : undefined;
  const ids = { q: useId(), from: useId(), to: useId(), state: useId(), results: useId() };
  const pages = page ? Math.max(1, Math.ceil(page.total / page.limit)) : 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...draft, q: draft.q.trim(), page: 1 });
  };

  return (
    <div className="staff-desk staff-bookings">
      <form role="search" aria-label={t('staff.bookings.search')} className="staff-bookings__search" onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={ids.q}>
            {t('staff.bookings.q')}
          </label>
          <input
            id={ids.q}
            className="field__input"
            type="search"
            maxLength={100}
            value={draft.q}
            aria-describedby={badField === 'q' ? `${ids.q}-error` : undefined}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.from}>
            {t('staff.bookings.from')}
          </label>
          <input id={ids.from} className="field__input" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.to}>
            {t('staff.bookings.to')}
          </label>
          <input id={ids.to} className="field__input" type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.state}>
            {t('staff.bookings.state')}
          </label>
          <select
            id={ids.state}
            className="field__input"
            value={draft.state}
            onChange={(event) => setDraft({ ...draft, state: event.target.value as OrderState | '' })}
          >
            <option value="">{t('staff.bookings.anyState')}</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`staff.state.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('staff.bookings.submit')}
        </button>
      </form>
      {failure === 'invalid' && (
        <p id={`${ids.q}-error`} className="staff-notice staff-notice--error" role="alert">
          {serverMessage(query.error)}
        </p>
      )}

      <DeskStatus
        query={query}
        loading="staff.bookings.loading"
        loadError="staff.bookings.loadError"
        words={{ login: 'staff.desk.loginNeeded', forbidden: 'staff.desk.forbidden' }}
        loginHref={loginHref}
        showsInvalid
      >
        {page && <p className="sr-only">{t('staff.bookings.found', { count: page.total })}</p>}
      </DeskStatus>

      {page && page.items.length === 0 && <p className="staff-notice">{t('staff.bookings.empty')}</p>}
      {page && page.items.length > 0 && (
        <div className="staff-board__scroll" tabIndex={0} role="region" aria-labelledby={ids.results}>
          <table className="staff-bookings__table" aria-busy={query.isFetching}>
            <caption id={ids.results}>{t('staff.bookings.caption', { count: page.total })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.bookings.code')}</th>
                <th scope="col">{t('staff.bookings.guest')}</th>
                <th scope="col">{t('staff.bookings.stay')}</th>
                <th scope="col">{t('staff.order.state')}</th>
                <th scope="col">{t('staff.order.paymentState')}</th>
                <th scope="col">{t('staff.bookings.owed')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((order) => {
                const stays = order.items.filter((item) => item.dateFrom && item.dateTo);
                return (
                  <tr key={order.bookingCode}>
                    <th scope="row">
                      <Link to={staffPaths.staffOrders.href(locale, { code: order.bookingCode })}>{order.bookingCode}</Link>
                    </th>
                    <td>
                      {guestName(order)}
                      {order.guest.customer.phone && <span className="staff-bookings__sub">{order.guest.customer.phone}</span>}
                    </td>
                    <td>
                      {stays.length === 0
                        ? '–'
                        : stays.map((item) => (
                            <span key={item.id} className="staff-bookings__stay">
                              {`${item.dateFrom} – ${item.dateTo}`}
                            </span>
                          ))}
                    </td>
                    <td>{words.state(order)}</td>
                    <td>{words.payment(order)}</td>
                    <td>{formatMoney(owed(order), order.totals.currency)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {page && pages > 1 && (
        <nav className="staff-bookings__pages" aria-label={t('staff.bookings.pages')}>
          <button type="button" className="button button--secondary" disabled={search.page <= 1} onClick={() => onSearch({ ...search, page: search.page - 1 })}>
            {t('staff.bookings.previous')}
          </button>
          <span>{t('staff.bookings.page', { page: search.page, pages })}</span>
          <button type="button" className="button button--secondary" disabled={search.page >= pages} onClick={() => onSearch({ ...search, page: search.page + 1 })}>
            {t('staff.bookings.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
