//! The front desk moves a stay of an order to other dates, another room
//! type or other guests. The rooms service takes the new nights before it
//! gives the old ones back, in one transaction of its own, while this
//! service holds the order's row (its version moves): two receptionists'
//! changes of one order run one after the other, and the one that read an
//! older version is told. A move whose change is not written is moved back
//! (the same revision); should that fail too, the same request makes it
//! again (the rooms service's move is idempotent per revision), or the
//! next replaces it. What every change of an order's lines shares
//! (`reprice`, `apply`) lives here too.

use super::{Desk, DeskOrder};
use crate::domain::checkout::{OrderState, PaymentMethod};
use crate::domain::desk_money::{self, Repriced};
use crate::domain::item::{self, ItemKind, Stay};
use crate::domain::settings::CheckoutRules;
use crate::error::CartError;
use crate::events;
use crate::orders::store::{Change, ChangeAction};
use crate::orders::{StoredOrder, Summary};
use crate::peers::{Refusal, StayQuery};

/// A stay as the front desk wants it, on the order's version it read.
#[derive(Debug, Clone)]
pub struct StayChange {
    pub booking_code: String,
    /// The reservation line's id.
    pub item_id: i64,
    pub version: i64,
    pub room_code: String,
    pub check_in: String,
    pub check_out: String,
    pub adults: u32,
    pub children: u32,
    pub babies: u32,
    pub staff: String,
}

/// What a change of an order's lines (a stay moved, a package's
/// treatments) costs and leaves (minor units).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangeQuote {
    pub version: i64,
    pub price: i64,
    pub was: i64,
    pub difference: i64,
    pub total: i64,
    pub received: i64,
    pub left_to_pay: i64,
    pub refund: i64,
}

/// A change of an order's lines checked and priced, not made yet.
pub(super) struct Planned {
    pub order: StoredOrder,
    pub summary: Summary,
    pub totals: Repriced,
    pub quote: ChangeQuote,
    /// What changed, for the history.
    pub note: String,
    pub action: ChangeAction,
}

impl Planned {
    /// Whether the order's nights move with it (the rooms service asked).
    fn moves_nights(&self) -> bool {
        self.action == ChangeAction::StayChanged
    }
}

/// The order's lines after a change made one cost `price` instead of
/// `was`: its totals, and what the change leaves to pay or gives back.
pub(super) fn reprice(
    rules: &CheckoutRules,
    order: StoredOrder,
    summary: Summary,
    was: i64,
    price: i64,
    note: String,
    action: ChangeAction,
) -> Planned {
    let difference = price - was;
    let t = &order.totals;
    let totals = desk_money::repriced(rules, t.total, t.vouchers, t.deposit > 0, difference, summary.stays_due());
    let due = (totals.total - t.vouchers).max(0);
    let quote = ChangeQuote {
        version: order.version,
        price,
        was,
        difference,
        total: totals.total,
        received: order.received,
        left_to_pay: (due - order.received).max(0),
        refund: (order.received - due).max(0),
    };
    Planned { order, summary, totals, quote, note, action }
}

impl Desk {
    /// What moving the stay would cost on the order as it is now (its
    /// version is the quote's); nothing is kept.
    pub async fn quote_stay(&self, c: &StayChange) -> Result<ChangeQuote, CartError> {
        let order = self.orders.order_by_booking_code(&c.booking_code).await?;
        let planned = self.plan(order, c).await?;
        // The rooms service answers whether the nights are free for this
        // order (its own nights count as its own), keeping nothing.
        self.move_nights(&planned.order, &planned.summary, planned.order.version + 1, true).await?;
        Ok(planned.quote)
    }

    /// Moves the stay; the same request again answers the order it changed.
    pub async fn change_stay(&self, c: &StayChange) -> Result<DeskOrder, CartError> {
        let order = self.orders.order_by_booking_code(&c.booking_code).await?;
        if order.version == c.version + 1 && already(&order, c)? {
            return self.view(order).await;
        }
        Self::check_version(&order, c.version)?;
        let planned = self.plan(order, c).await?;
        self.apply(c.version, &c.staff, planned).await
    }

    /// Refuses a change of an order cancelled or changed since `version`
    /// was read.
    pub(super) fn check_version(order: &StoredOrder, version: i64) -> Result<(), CartError> {
        if order.state == OrderState::Cancelled {
            return Err(CartError::OrderCancelled);
        }
        if order.version != version {
            return Err(CartError::StaleVersion { current: order.version });
        }
        Ok(())
    }

    /// Makes a planned change on the order's `version` as read, in one
    /// transaction that moves the version first (its row lock): the nights
    /// moved when they move (under that lock), the lines, totals and desk's
    /// facts written, what came beyond what is due now marked due back, the
    /// payment state, the history with `staff`, and `cart.order.changed`.
    pub(super) async fn apply(&self, version: i64, staff: &str, planned: Planned) -> Result<DeskOrder, CartError> {
        let order = &planned.order;
        let db = self.orders.db();
        let mut tx = db.begin().await?;
        let now = tx.now_ms();
        let Some(next) = crate::store::next_version(&mut tx, &order.token, Some(version)).await? else {
            tx.rollback().await?;
            return Err(self.refused_version(&order.token).await);
        };
        // Under the order's lock: no other change of it runs meanwhile.
        let moves_nights = planned.moves_nights();
        if moves_nights {
            self.move_nights(order, &planned.summary, next, false).await?;
        }
        let written: Result<(), CartError> = async move {
            let summary = serde_json::to_string(&planned.summary).map_err(|e| CartError::Db(sqlx::Error::Encode(e.into())))?;
            crate::store::set_lines(&mut tx, &order.token, &summary, &planned.totals).await?;
            let desk = planned.summary.desk_facts(&order.booking_code, &order.email);
            crate::store::set_desk_facts(&mut *tx, &order.token, &desk).await?;
            // What came beyond what is due now goes back; a change that
            // costs more again keeps first what was still to go back.
            let received = crate::store::received_in(&mut tx, &order.token).await?;
            let due = (planned.totals.total - order.totals.vouchers).max(0);
            if received > due {
                let unplaced = crate::store::give_back(&mut tx, &order.token, received - due).await?;
                if unplaced > 0 {
                    tracing::error!(order = %order.order_id, unplaced, "a change's refund exceeds the payments it can be given back from");
                }
            } else if received < due {
                crate::store::keep_instead(&mut tx, &order.token, due - received).await?;
            }
            let received = crate::store::received_in(&mut tx, &order.token).await?;
            crate::store::set_received(&mut tx, &order.token, desk_money::payment_state(received, due), now).await?;
            let change = Change {
                version: next,
                at: now,
                action: planned.action,
                staff: staff.to_owned(),
                amount: planned.quote.difference,
                note: planned.note.clone(),
            };
            crate::store::add_change(&mut tx, &order.token, &change).await?;
            let changed = events::changed(order, &planned.summary, &planned.quote);
            self.orders.outbox().add(&mut tx, &changed).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        if let Err(e) = written {
            if moves_nights {
                // The order kept its stays: its nights go back to them, at this revision.
                let original = order.summary()?;
                if let Err(undo) = self.move_nights(order, &original, next, false).await {
                    tracing::error!(order = %order.order_id, error = %undo, "a move not written could not be undone; the same change again makes it");
                }
            }
            return Err(e);
        }
        self.orders.outbox().wake();
        let action = planned.action.code();
        tracing::info!(order = %order.order_id, staff = %staff, difference = planned.quote.difference, action, "order changed by the front desk");
        self.order(&order.booking_code).await
    }

    /// Checks the change against the order as read and prices it.
    async fn plan(&self, order: StoredOrder, c: &StayChange) -> Result<Planned, CartError> {
        if order.state == OrderState::Cancelled {
            return Err(CartError::OrderCancelled);
        }
        let today = self.orders.db().clock().today();
        let stay = Stay::new(&c.check_in, &c.check_out, c.adults, c.children, c.babies, today).map_err(desk_field)?;
        let mut summary = order.summary()?;
        let line = reservation(&mut summary, c.item_id)?;
        let old = line.stay.ok_or(CartError::ItemNotFound(c.item_id))?;
        if old.started(today) {
            return Err(CartError::StayStarted);
        }
        let room = self
            .peers
            .product(&c.room_code, &order.locale)
            .await?
            .filter(|p| ItemKind::Reservation.holds(p.r#type()))
            .ok_or(CartError::UnknownProduct { field: "roomCode" })?;
        // A package attached keeps its persons and treatments: the new stay must still fit it.
        let mut package_nights = 0;
        for child in line.children.iter().filter(|l| l.kind == ItemKind::Package.code()) {
            let nights = self.peers.product(&child.code, &order.locale).await?.map_or(0, |p| p.num_nights);
            item::check_package_fits(&stay, nights, child.quantity)?;
            package_nights = package_nights.max(nights);
        }
        let check = self.peers.check_stays(&[&StayQuery { room: &room.code, stay: &stay, package_nights }]).await?;
        let price = check.first().and_then(|c| c.price.as_ref()).map_or(0, |m| m.amount);
        let was = line.total;
        let note = format!("{} {} – {} → {} {} – {}", line.code, old.check_in, old.check_out, room.code, stay.check_in, stay.check_out);
        line.code = room.code.clone();
        line.name = room.name.clone();
        line.stay = Some(stay);
        line.unit = price;
        line.total = price;
        let terms = crate::orders::OrderTerms::over(order.terms, self.settings.checkout().await?);
        Ok(reprice(&terms, order, summary, was, price, note, ChangeAction::StayChanged))
    }

    /// Asks the rooms service to move the order's nights to the stays of
    /// `summary` as `revision`; an order paid on arrival keeps them held
    /// until its new departure day ends.
    async fn move_nights(&self, order: &StoredOrder, summary: &Summary, revision: i64, dry_run: bool) -> Result<(), CartError> {
        let stays: Vec<(&str, &Stay)> = summary
            .lines
            .iter()
            .filter(|l| l.kind == ItemKind::Reservation.code())
            .filter_map(|l| l.stay.as_ref().map(|s| (l.code.as_str(), s)))
            .collect();
        let keep_until = if order.payment_method == PaymentMethod::Guesthouse.code() {
            let now = self.orders.db().now_ms();
            let departure = stays.iter().map(|(_, s)| s.check_out).max();
            now + i64::from(PaymentMethod::Guesthouse.hold_seconds(&self.settings.checkout().await?, now, departure)) * 1000
        } else {
            0
        };
        let queries: Vec<StayQuery<'_>> = stays.iter().map(|(room, stay)| StayQuery { room, stay, package_nights: 0 }).collect();
        let queries: Vec<&StayQuery<'_>> = queries.iter().collect();
        match self.peers.move_stays(&order.order_id, &queries, revision, keep_until, dry_run).await {
            Ok(()) => Ok(()),
            Err(Refusal::SoldOut { .. }) => Err(CartError::RoomUnavailable),
            Err(Refusal::Stale) => Err(CartError::OrderNotChangeable),
            Err(Refusal::Other(e)) => Err(e),
        }
    }

    /// Why an order's version did not move: cancelled, or changed meanwhile.
    async fn refused_version(&self, token: &str) -> CartError {
        match self.orders.order(token).await {
            Ok(now) if now.state == OrderState::Cancelled => CartError::OrderCancelled,
            Ok(now) => CartError::StaleVersion { current: now.version },
            Err(e) => e,
        }
    }
}

/// The order's reservation line `id`.
fn reservation(summary: &mut Summary, id: i64) -> Result<&mut crate::orders::SummaryLine, CartError> {
    summary.lines.iter_mut().find(|l| l.id == id && l.kind == ItemKind::Reservation.code()).ok_or(CartError::ItemNotFound(id))
}

/// Whether the order's line is already as the change asks (its answer was lost).
fn already(order: &StoredOrder, c: &StayChange) -> Result<bool, CartError> {
    let mut summary = order.summary()?;
    let Ok(line) = reservation(&mut summary, c.item_id) else { return Ok(false) };
    let asked = (c.check_in.as_str(), c.check_out.as_str(), c.adults, c.children, c.babies);
    Ok(line.code == c.room_code
        && line
            .stay
            .is_some_and(|s| (s.check_in.to_string().as_str(), s.check_out.to_string().as_str(), s.adults, s.children, s.babies) == asked))
}

/// The basket names a stay's fields `options.checkIn`; this call's body
/// names them `checkIn`.
fn desk_field(e: CartError) -> CartError {
    let strip = |field: &'static str| field.strip_prefix("options.").unwrap_or(field);
    match e {
        CartError::InvalidStay { field, reason } => CartError::InvalidStay { field: strip(field), reason },
        CartError::InvalidGuests { field, min, max } => CartError::InvalidGuests { field: strip(field), min, max },
        other => other,
    }
}
