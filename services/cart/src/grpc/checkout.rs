//! `spa.cart.v1.CheckoutService`: decode, call checkout, encode.

use std::sync::Arc;

use spa_proto::spa::cart::v1::checkout_service_server::CheckoutService;
use spa_proto::spa::cart::v1::{
    Cart, CheckoutRequest, ChooseMethodRequest, CompleteRequest, ConfigureVoucherRequest, Methods, Order, SetAddressRequest, VoucherDesign,
    VoucherDesigns,
};
use tonic::{Request, Response};

use super::Answer;
use super::wire::{cart_message, methods_message, order_message, postal_of};
use crate::checkout::{Checkout, Owner};
use crate::domain::checkout::{self, PaymentMethod, ShippingMethod, VoucherConfig};
use crate::payments::Payments;

pub struct CheckoutGrpc {
    checkout: Arc<Checkout>,
    payments: Arc<Payments>,
}

impl CheckoutGrpc {
    pub fn new(checkout: Arc<Checkout>, payments: Arc<Payments>) -> Self {
        Self { checkout, payments }
    }
}

#[tonic::async_trait]
impl CheckoutService for CheckoutGrpc {
    async fn start_checkout(&self, request: Request<CheckoutRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.checkout.start(&r.token, &r.locale).await?)))
    }

    async fn set_address(&self, request: Request<SetAddressRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let c = r.customer.unwrap_or_default();
        let b = r.billing_address.unwrap_or_default();
        let address = checkout::Address {
            customer: checkout::Customer { first_name: c.first_name, last_name: c.last_name, email: c.email, phone: c.phone },
            billing: checkout::BillingAddress {
                invoice_required: b.invoice_required,
                company: b.company,
                vat_number: b.vat_number,
                street: b.street,
                postcode: b.postcode,
                city: b.city,
                country_code: b.country_code,
            },
            shipping: r.shipping_address.map(|a| postal_of(Some(a))),
            notes: r.notes,
        };
        let customer = if r.for_guest { Owner::Guest } else { Owner::Account(Some(r.customer_id).filter(|c| !c.is_empty())) };
        Ok(Response::new(cart_message(self.checkout.address(&r.token, &r.locale, address, r.regulations_accepted, customer).await?)))
    }

    async fn list_voucher_designs(&self, request: Request<CheckoutRequest>) -> Answer<VoucherDesigns> {
        let r = request.into_inner();
        let designs = Checkout::designs(&r.locale).into_iter().map(|(code, name)| VoucherDesign { code: code.into(), name: name.into() });
        Ok(Response::new(VoucherDesigns { designs: designs.collect() }))
    }

    async fn configure_voucher(&self, request: Request<ConfigureVoucherRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let d = r.details.unwrap_or_default();
        let config = VoucherConfig {
            recipient: d.recipient,
            sender: d.sender,
            message: d.message,
            email: d.email,
            design: d.design,
            delivery: checkout::Delivery::from_wire(d.delivery),
            postal: postal_of(d.postal),
        };
        Ok(Response::new(cart_message(self.checkout.configure_voucher(&r.token, &r.locale, r.index as usize, config).await?)))
    }

    async fn list_shipping_methods(&self, request: Request<CheckoutRequest>) -> Answer<Methods> {
        let r = request.into_inner();
        Ok(Response::new(methods_message(self.checkout.shipping_methods(&r.token, &r.locale).await?)))
    }

    async fn choose_shipping(&self, request: Request<ChooseMethodRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.checkout.choose_shipping(&r.token, &r.locale, ShippingMethod::from_wire(r.shipping)).await?)))
    }

    async fn list_payment_methods(&self, request: Request<CheckoutRequest>) -> Answer<Methods> {
        let r = request.into_inner();
        Ok(Response::new(methods_message(self.checkout.payment_methods(&r.token, &r.locale, r.front_desk).await?)))
    }

    async fn choose_payment(&self, request: Request<ChooseMethodRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(
            self.checkout
                .choose_payment(&r.token, &r.locale, PaymentMethod::from_wire(r.payment), r.deposit, r.expected_due_now, r.front_desk)
                .await?,
        )))
    }

    async fn complete(&self, request: Request<CompleteRequest>) -> Answer<Order> {
        let r = request.into_inner();
        let key = Some(r.idempotency_key.as_str()).filter(|k| !k.is_empty());
        let order = self.checkout.complete(&r.token, &r.locale, key, &r.client).await?;
        let payable = self.payments.payable_online(&order);
        Ok(Response::new(order_message(order, payable, false, false)?))
    }
}
