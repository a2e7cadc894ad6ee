//! The front desk changes the treatments of a package in an order (one
//! attached to a stay, or on its own): the catalog prices the package for
//! its persons with the treatments chosen (refusing a choice its rules do
//! not allow), and the difference moves what is due, as a moved stay's
//! does (`stays::apply`): on the version read, with its history entry and
//! the guest's updated confirmation.

use std::collections::HashMap;

use super::stays::{Planned, reprice};
use super::{ChangeQuote, Desk, DeskOrder};
use crate::domain::item::{ItemKind, TreatmentChoice};
use crate::error::CartError;
use crate::orders::store::ChangeAction;
use crate::orders::{StoredOrder, Summary, SummaryLine};

/// A package's treatments as the front desk wants them, on the order's version it read.
#[derive(Debug, Clone)]
pub struct TreatmentsChange {
    pub booking_code: String,
    /// The package line's id.
    pub item_id: i64,
    pub version: i64,
    pub treatments: Vec<TreatmentChoice>,
    pub staff: String,
}

impl Desk {
    /// What the package would cost with these treatments; nothing is kept.
    pub async fn quote_treatments(&self, c: &TreatmentsChange) -> Result<ChangeQuote, CartError> {
        let order = self.orders.order_by_booking_code(&c.booking_code).await?;
        Ok(self.plan_treatments(order, c).await?.quote)
    }

    /// Changes the treatments; the same request again answers the order it changed.
    pub async fn change_treatments(&self, c: &TreatmentsChange) -> Result<DeskOrder, CartError> {
        let order = self.orders.order_by_booking_code(&c.booking_code).await?;
        if order.version == c.version + 1 && package(&mut order.summary()?, c.item_id).is_ok_and(|(line, _)| chosen(line) == c.treatments) {
            return self.view(order).await;
        }
        Self::check_version(&order, c.version)?;
        let planned = self.plan_treatments(order, c).await?;
        self.apply(c.version, &c.staff, planned).await
    }

    async fn plan_treatments(&self, order: StoredOrder, c: &TreatmentsChange) -> Result<Planned, CartError> {
        if order.state == crate::domain::checkout::OrderState::Cancelled {
            return Err(CartError::OrderCancelled);
        }
        let today = self.orders.db().clock().today();
        let mut summary = order.summary()?;
        let (line, stay) = package(&mut summary, c.item_id)?;
        if stay.is_some_and(|s| s.started(today)) {
            return Err(CartError::StayStarted);
        }
        let cost = self.peers.package_cost(&line.code, line.quantity, &c.treatments).await.map_err(desk_fields)?;
        let price = cost.total_current.as_ref().map_or(0, |m| m.amount);
        let names: HashMap<String, String> = match self.peers.product(&line.code, &order.locale).await? {
            Some(p) => p
                .treatments
                .iter()
                .flat_map(|t| t.primary.iter().chain(t.additional.iter()))
                .map(|t| (t.code.clone(), t.name.clone()))
                .collect(),
            None => HashMap::new(),
        };
        let listed = |choices: &[TreatmentChoice]| -> String {
            choices.iter().map(|t| format!("{}×{}", t.code, t.quantity)).collect::<Vec<_>>().join(", ")
        };
        let note = format!("{}: {} → {}", line.code, listed(&chosen(line)), listed(&c.treatments));
        let was = line.total;
        line.treatments =
            c.treatments.iter().map(|t| (t.code.clone(), names.get(&t.code).cloned().unwrap_or_default(), t.quantity)).collect();
        line.unit = price;
        line.total = price;
        let terms = crate::orders::OrderTerms::over(order.terms, self.settings.checkout().await?);
        Ok(reprice(&terms, order, summary, was, price, note, ChangeAction::TreatmentsChanged))
    }
}

/// The package line `id` (attached to a stay or on its own), and the stay
/// it is attached to.
fn package(summary: &mut Summary, id: i64) -> Result<(&mut SummaryLine, Option<crate::domain::item::Stay>), CartError> {
    let is_package = |l: &SummaryLine| l.id == id && l.kind == ItemKind::Package.code();
    for line in &mut summary.lines {
        let stay = line.stay;
        if is_package(line) {
            return Ok((line, None));
        }
        if let Some(child) = line.children.iter_mut().find(|c| is_package(c)) {
            return Ok((child, stay));
        }
    }
    Err(CartError::ItemNotFound(id))
}

/// The treatments a package line has now.
fn chosen(line: &SummaryLine) -> Vec<TreatmentChoice> {
    line.treatments.iter().map(|(code, _, quantity)| TreatmentChoice { code: code.clone(), quantity: *quantity }).collect()
}

/// The catalog's refusal names the basket's fields (`options.treatments[0].code`);
/// this call's body names them `treatments[0].code`.
fn desk_fields(e: CartError) -> CartError {
    let CartError::Peer(status) = e else { return e };
    let Some(details) = spa_platform::errors::details(&status).filter(|_| status.code() == tonic::Code::InvalidArgument) else {
        return CartError::Peer(status);
    };
    let fields: Vec<(String, String)> =
        details.violations.into_iter().map(|v| (v.field.strip_prefix("options.").unwrap_or(&v.field).to_owned(), v.message)).collect();
    let fields: Vec<(&str, &str)> = fields.iter().map(|(f, m)| (f.as_str(), m.as_str())).collect();
    CartError::Peer(spa_platform::errors::invalid(&details.code, status.message(), &fields))
}
