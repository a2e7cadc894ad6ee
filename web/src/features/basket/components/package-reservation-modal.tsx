import { useId, useState } from 'react';

import defaultThumbnail from '@/assets/default-thumbnail.svg';
import { DateRangeField } from '@/components/ui/date-range-field';
import { GuestPicker, guestSummaryLabel } from '@/components/ui/guest-picker';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { StatusMessage } from '@/components/ui/status-message';
import { useAddCartItem } from '@/features/basket/api/add-cart-item';
import { useCart } from '@/features/basket/api/use-cart';
import { usePackageRooms } from '@/features/basket/api/search-package-rooms';
import { lineName } from '@/features/basket/utils/cart-count';
import { staysForPackage } from '@/features/basket/utils/cart-lines';
import { useStoredBasket } from '@/features/basket/utils/storage';
import { guestsText, stayText } from '@/features/basket/utils/line-text';
import {
  initialGuests,
  packageCalendarRules,
  packagePersons,
  packageRoomSearch,
  stayOf,
  treatmentsFor,
} from '@/features/basket/utils/package-stay';
import type { PackageChoice } from '@/lib/basket-actions';
import { useI18n } from '@/lib/i18n/i18n-provider';
import type { Cart, CartItem, RoomOffer } from '@/types/api';
import { todayIso } from '@/utils/calendar-date';
import type { DateRange } from '@/utils/date-range';
import type { Guests } from '@/utils/guests';

import { useAddedToBasket } from './use-added-to-basket';
import { useAttachPackage } from './use-attach-package';

const NO_DATES: DateRange = { checkIn: null, checkOut: null };
const NO_ITEMS: CartItem[] = [];

type Props = {
  choice: PackageChoice;
  onClose: () => void;
};

/**
 * The package reservation modal (spec 2.5, 4): a stay package goes into a
 * stay already in the basket (those long enough, with enough adults), or
 * into a new stay: dates (at least the package's nights) and guests, then
 * the rooms free for them, each priced with the package; choosing one puts
 * the room with the package into the basket.
 *
 * Closing clears the dates and sets children back to 0 (spec 4) by
 * unmounting: the host renders the modal only while it is open, so each
 * opening starts from the initial state.
 */
export function PackageReservationModal({ choice, onClose }: Props) {
  const i18n = useI18n();
  const { t, locale, formatMoney } = i18n;
  const today = todayIso();
  const existingId = useId();
  const newId = useId();
  const stored = useStoredBasket();
  const cart = useCart(locale);
  // The stored lines until the server answers, so the stays show at once.
  const items = cart.data?.items ?? stored?.items ?? NO_ITEMS;
  const persons = packagePersons(choice);
  const stays = staysForPackage(items, { numNights: choice.numNights, persons });

  const [range, setRange] = useState<DateRange>(NO_DATES);
  const [guests, setGuests] = useState<Guests>(() => initialGuests(choice));
  const [failed, setFailed] = useState(false);
  const stay = stayOf(range, guests);
  const rooms = usePackageRooms(locale, stay ? packageRoomSearch(choice, stay) : null);

  const announcement =
    stay && rooms.isSuccess
      ? rooms.data.length === 0
        ? t('packageModal.noResults')
        : t('packageModal.found', { count: rooms.data.length })
      : '';

  const added = useAddedToBasket();
  const addStay = useAddCartItem();
  const { attach, isPending: attaching } = useAttachPackage(items);
  const busy = addStay.isPending || attaching;

  const attachTo = async (line: CartItem) => {
    setFailed(false);
    if (await attach(line, choice)) onClose();
    else setFailed(true);
  };

  // Awaited rather than callbacks of `mutate`: what follows an add (the
  // notification, the suggestion page) happens even when the modal was
  // closed while the room was on its way into the basket.
  const reserve = async (room: RoomOffer) => {
    if (!stay) return;
    setFailed(false);
    const treatments = treatmentsFor(choice, stay.adults);
    let answer: Cart;
    try {
      answer = await addStay.mutateAsync({
        type: 'reservation_with_package',
        packageCode: choice.code,
        productCode: room.code,
        variantCode: choice.variantCode,
        options: { ...stay, ...(treatments ? { treatments } : {}) },
      });
    } catch {
      setFailed(true);
      return;
    }
    onClose();
    added(items, answer, room.code);
  };

  return (
    <ModalDialog
      title={t('packageModal.title', { name: choice.name })}
      description={
        // Spec 2.5: the minimum stay in days (a stay of n nights spans n + 1 days), with its nights.
        choice.numNights > 0 ? t('packageModal.minStay', { days: choice.numNights + 1, count: choice.numNights }) : undefined
      }
      onEscape={onClose}
      className="modal--wide package-modal"
    >
      {failed && (
        <div className="status status--error package-modal__error" role="alert" data-testid="reservation-error">
          <p className="status__title">{t('packageModal.errorTitle')}</p>
          <p className="status__text">{t('packageModal.errorBody')}</p>
        </div>
      )}

      {stays.length > 0 && (
        <section aria-labelledby={existingId} className="package-modal__section" data-testid="package-stays">
          <h3 id={existingId}>{t('packageModal.existing')}</h3>
          <ul className="package-modal__stays">
            {stays.map((line) => (
              <li key={line.id} className="package-modal__stay">
                <span className="package-modal__stay-name">{lineName(line)}</span>
                <span className="package-modal__stay-facts">
                  {[stayText(i18n, line), guestsText(i18n, line)].filter(Boolean).join(' · ')}
                  {line.childItems[0] && (
                    // A stay holds one package: attaching replaces it.
                    <span className="package-modal__replaces"> {t('packageModal.replaces', { name: lineName(line.childItems[0]) })}</span>
                  )}
                </span>
                <button
                  type="button"
                  className="button button--small button--primary"
                  aria-disabled={busy}
                  aria-label={t('packageModal.attachLabel', { name: lineName(line), stay: stayText(i18n, line) ?? '' })}
                  onClick={() => !busy && void attachTo(line)}
                >
                  {t('packageModal.attach')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby={newId} className="package-modal__section">
        <h3 id={newId}>{t('packageModal.newStay')}</h3>
        <div className="package-modal__search">
          <DateRangeField
            label={t('reservation.search.dates')}
            value={range}
            onChange={setRange}
            {...packageCalendarRules(today, choice.numNights)}
            today={today}
          />
          <GuestPicker label={t('reservation.search.guests')} value={guests} onChange={setGuests} />
        </div>
        {/* Mounted from the start, so that a change of its text is announced. */}
        <p className="sr-only" role="status" data-testid="package-rooms-status">
          {announcement}
        </p>
        {!stay ? (
          <p className="package-modal__hint">{t('packageModal.chooseDates')}</p>
        ) : rooms.isPending ? (
          <StatusMessage kind="loading">{t('rooms.loading')}</StatusMessage>
        ) : rooms.isError ? (
          <StatusMessage
            kind="error"
            action={
              <button type="button" className="button button--small" onClick={() => void rooms.refetch()}>
                {t('errors.retry')}
              </button>
            }
          >
            {t('rooms.error')}
          </StatusMessage>
        ) : rooms.data.length === 0 ? (
          <div className="status status--empty" data-testid="package-rooms-empty">
            <p className="status__text">{t('packageModal.noResults')}</p>
          </div>
        ) : (
          <>
            <ul className="package-modal__rooms" data-testid="package-rooms">
              {rooms.data.map((room) => {
                const image = room.images[0];
                return (
                  <li key={room.code} className="package-modal__room" data-testid="package-room">
                    <img
                      className="package-modal__room-image"
                      src={image?.thumbnails?.default_listing ?? image?.path ?? defaultThumbnail}
                      alt=""
                      width={120}
                      height={90}
                      loading="lazy"
                    />
                    <div className="package-modal__room-body">
                      <p className="package-modal__room-name">{room.name}</p>
                      <p className="package-modal__room-facts">
                        {t('rooms.maxPersons', { count: room.maxOccupancy })} ·{' '}
                        {t('rooms.roomsLeft', { count: room.available })} · {guestSummaryLabel(i18n, guests)}
                      </p>
                      <p className="package-modal__room-price">
                        <span>{t('packageModal.total')}</span>{' '}
                        <strong data-testid="package-room-price">{formatMoney(room.price.current, room.price.currency)}</strong>
                      </p>
                    </div>
                    <button
                      type="button"
                      className="button button--small button--primary"
                      aria-disabled={busy}
                      aria-label={t('packageModal.chooseLabel', { name: room.name })}
                      onClick={() => !busy && void reserve(room)}
                    >
                      {addStay.isPending && addStay.variables?.productCode === room.code
                        ? t('basket.adding')
                        : t('packageModal.choose')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </section>

      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('basket.close')}
        </button>
      </div>
    </ModalDialog>
  );
}
