//! Gift vouchers: a paid order's voucher lines get one code per unit,
//! worth the unit's price (`cart.voucher.issued` each, once). A later
//! basket spends a code line by line (checkout, in the order's
//! transaction, by a guarded update); a cancelled order gives back what it
//! took and a late payment's order takes it again (orders). Codes and
//! balances: [`store`]; the rules of a code: `domain::gift`.

pub mod store;

use spa_platform::db::Tx;
use spa_platform::outbox::Outbox;

use crate::domain::gift;
use crate::domain::item::ItemKind;
use crate::error::CartError;
use crate::events;
use crate::orders::{StoredOrder, Summary};
use store::NewGiftVoucher;

/// How often a new booking code is drawn when one is taken.
const CODE_ATTEMPTS: usize = 5;

/// The order's gift vouchers get their codes, once, each with its
/// `cart.voucher.issued`.
pub(crate) async fn issue(outbox: &Outbox, tx: &mut Tx, order: &StoredOrder, summary: &Summary, now: i64) -> Result<(), CartError> {
    if store::vouchers_issued(tx, &order.token).await? {
        return Ok(());
    }
    let expires_at = gift::expires_at(now);
    for line in summary.lines.iter().filter(|l| l.kind == ItemKind::Voucher.code()) {
        for unit in 1..=line.quantity {
            let mut code = None;
            for _ in 0..CODE_ATTEMPTS {
                let drawn = gift::code();
                let v = NewGiftVoucher { code: &drawn, order_token: &order.token, line_id: line.id, unit, value: line.unit, expires_at };
                if store::issue_voucher(tx, &v, now).await? {
                    code = Some(drawn);
                    break;
                }
            }
            let code = code.ok_or_else(|| CartError::Db(sqlx::Error::Protocol("no free gift voucher code".into())))?;
            outbox.add(tx, &events::voucher_issued(order, line, code, expires_at)).await?;
        }
    }
    Ok(())
}
