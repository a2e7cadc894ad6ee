//! `spa.cart.v1.SettingsService`: decode, call the settings, encode.

use std::sync::Arc;

use spa_proto::spa::cart::v1::settings_service_server::SettingsService;
use spa_proto::spa::cart::v1::{
    BankAccount as BankAccountMessage, CheckoutSettings, GetSettingsRequest, PaymentMethodState, PaymentSettings,
    SetCheckoutSettingsRequest, SetPaymentSettingsRequest,
};
use tonic::{Request, Response};

use super::Answer;
use crate::domain::checkout::PaymentMethod;
use crate::domain::settings::{BankAccount, CheckoutRules, PaymentRules};
use crate::error::CartError;
use crate::settings::{Current, Settings};

pub struct SettingsGrpc {
    settings: Arc<Settings>,
}

impl SettingsGrpc {
    pub fn new(settings: Arc<Settings>) -> Self {
        Self { settings }
    }

    fn payments(&self, current: &Current) -> PaymentSettings {
        let p = &current.payments;
        PaymentSettings {
            methods: p.value.methods.iter().map(|m| m.code().to_owned()).collect(),
            available: PaymentMethod::ALL
                .iter()
                .filter(|m| **m != PaymentMethod::Guesthouse)
                .map(|m| PaymentMethodState { code: m.code().to_owned(), ready: p.value.ready(*m, |m| self.settings.configured(m)) })
                .collect(),
            bank_account: p.value.bank_account.as_ref().map(|a| BankAccountMessage {
                holder: a.holder.clone(),
                iban: a.iban.clone(),
                bank: a.bank.clone(),
                bic: a.bic.clone(),
            }),
            updated_at_ms: p.updated_at,
            updated_by: p.updated_by.clone(),
        }
    }
}

fn checkout(current: &Current) -> CheckoutSettings {
    let c = &current.checkout;
    CheckoutSettings {
        deposit_percent: c.value.deposit_percent,
        bank_transfer_hold_days: c.value.bank_transfer_hold_days,
        online_hold_minutes: c.value.online_hold_minutes,
        cancellation_free_days: c.value.cancellation_free_days,
        cancellation_fee_percent: c.value.cancellation_fee_percent,
        updated_at_ms: c.updated_at,
        updated_by: c.updated_by.clone(),
    }
}

#[tonic::async_trait]
impl SettingsService for SettingsGrpc {
    async fn get_checkout_settings(&self, _: Request<GetSettingsRequest>) -> Answer<CheckoutSettings> {
        let current = self.settings.current().await?;
        Ok(Response::new(checkout(&current)))
    }

    async fn set_checkout_settings(&self, request: Request<SetCheckoutSettingsRequest>) -> Answer<CheckoutSettings> {
        let r = request.into_inner();
        let s = r.settings.unwrap_or_default();
        let rules = CheckoutRules {
            deposit_percent: s.deposit_percent,
            bank_transfer_hold_days: s.bank_transfer_hold_days,
            online_hold_minutes: s.online_hold_minutes,
            cancellation_free_days: s.cancellation_free_days,
            cancellation_fee_percent: s.cancellation_fee_percent,
        };
        let current = self.settings.set_checkout(rules, &r.staff).await?;
        Ok(Response::new(checkout(&current)))
    }

    async fn get_payment_settings(&self, _: Request<GetSettingsRequest>) -> Answer<PaymentSettings> {
        let current = self.settings.current().await?;
        Ok(Response::new(self.payments(&current)))
    }

    async fn set_payment_settings(&self, request: Request<SetPaymentSettingsRequest>) -> Answer<PaymentSettings> {
        let r = request.into_inner();
        let methods = r
            .methods
            .iter()
            .map(|code| PaymentMethod::parse(code))
            .collect::<Option<Vec<_>>>()
            .ok_or(CartError::InvalidFields { code: "invalid_settings", fields: vec!["methods"] })?;
        let bank_account = r.bank_account.map(|a| BankAccount::new(&a.holder, &a.iban, &a.bank, &a.bic));
        let current = self.settings.set_payments(PaymentRules { methods, bank_account }, &r.staff).await?;
        Ok(Response::new(self.payments(&current)))
    }
}
