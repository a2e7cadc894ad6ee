//! `spa.cart.v1.CartService`: decode, call the basket, encode.

use spa_proto::common::{Money, Price};
use std::sync::Arc;

use spa_proto::spa::cart::v1::cart_service_server::CartService;
use spa_proto::spa::cart::v1::checkout_service_server::CheckoutService;
use spa_proto::spa::cart::v1::{
    AddChildItemRequest, AddItemRequest, Cart, CartItem, CreateCartRequest, DropCartRequest, DropCartResponse, GetCartRequest,
    GetCustomerCartRequest, ListStaysRequest, ListStaysResponse, NewItem, RedeemVoucherRequest, Redemption, RemoveItemRequest, Stay,
    StayRef, SuggestRequest, SuggestResponse, Totals, TreatmentChoice, TreatmentLine, UpdateItemRequest, VoucherDetails,
};
use spa_proto::spa::cart::v1::{
    BillingAddress, CapturePaypalRequest, CheckoutCustomer, CheckoutDetails, CheckoutRequest, ChooseMethodRequest, CompleteRequest,
    ConfigureVoucherRequest, CustomerOrders, FindOrderRequest, GetOrderRequest, ListCustomerOrdersRequest, ListRefundsDueRequest,
    MarkRefundedRequest, Method, Methods, NotificationAnswer, Order, PaymentRedirect, PaypalWebhook, PostalAddress, Przelewy24Notification,
    Refund, Refunds, SetAddressRequest, StaffPaymentRequest, StartPaymentRequest, VoucherDesign, VoucherDesigns,
};
use tonic::{Request, Response, Status};

use crate::basket::{Basket, View, ViewLine};
use crate::checkout::{Checkout, Offer, Summary, SummaryLine};
use crate::domain::checkout::{self, VoucherConfig};
use crate::domain::item::{self, AddRequest, Dedication};
use crate::domain::totals::CURRENCY;
use crate::error::CartError;
use crate::payments;
use crate::store::{self, StoredOrder};

pub struct CartGrpc {
    basket: Arc<Basket>,
}

impl CartGrpc {
    pub fn new(basket: Arc<Basket>) -> Self {
        Self { basket }
    }
}

pub struct CheckoutGrpc {
    checkout: Arc<Checkout>,
}

impl CheckoutGrpc {
    pub fn new(checkout: Arc<Checkout>) -> Self {
        Self { checkout }
    }
}

fn money(amount: i64) -> Option<Money> {
    Some(Money { amount, currency: CURRENCY.into() })
}

fn item_message(v: ViewLine) -> CartItem {
    let stay = v.line.details.stay.map(|s| Stay {
        check_in: s.check_in.to_string(),
        check_out: s.check_out.to_string(),
        nights: s.nights(),
        adults: s.adults,
        children: s.children,
        babies: s.babies,
    });
    CartItem {
        id: v.line.id,
        r#type: v.line.kind.code().into(),
        code: v.line.code,
        quantity: v.line.quantity,
        min_quantity: v.bounds.0,
        max_quantity: v.bounds.1,
        price: Some(Price {
            current: money(v.current),
            original: money(v.original),
            base_current: money(v.current),
            base_original: money(v.original),
        }),
        total: v.priced.total(),
        available: v.priced.available,
        product: v.product,
        stay,
        treatments: v.treatments.into_iter().map(|(t, name)| TreatmentLine { code: t.code, name, quantity: t.quantity }).collect(),
        price_option: v.line.details.price_option,
        voucher: v.line.details.voucher.map(voucher_message),
        children: v.children.into_iter().map(item_message).collect(),
        redemption: v.redemption.map(|r| Redemption {
            code: r.code,
            amount: r.amount,
            balance: r.voucher.balance,
            expires_at_ms: r.voucher.expires_at,
        }),
    }
}

fn customer_message(c: &checkout::Customer) -> CheckoutCustomer {
    CheckoutCustomer { first_name: c.first_name.clone(), last_name: c.last_name.clone(), email: c.email.clone(), phone: c.phone.clone() }
}

fn postal_message(a: &checkout::PostalAddress) -> PostalAddress {
    PostalAddress {
        first_name: a.first_name.clone(),
        last_name: a.last_name.clone(),
        street: a.street.clone(),
        postcode: a.postcode.clone(),
        city: a.city.clone(),
        country_code: a.country_code.clone(),
    }
}

fn postal_of(a: Option<PostalAddress>) -> checkout::PostalAddress {
    let a = a.unwrap_or_default();
    checkout::PostalAddress {
        first_name: a.first_name,
        last_name: a.last_name,
        street: a.street,
        postcode: a.postcode,
        city: a.city,
        country_code: a.country_code,
    }
}

fn details_message(view: &View) -> Option<CheckoutDetails> {
    let c = &view.cart.checkout;
    let address = c.address.as_ref()?;
    let b = &address.billing;
    Some(CheckoutDetails {
        customer: Some(customer_message(&address.customer)),
        billing_address: Some(BillingAddress {
            invoice_required: b.invoice_required,
            company: b.company.clone(),
            vat_number: b.vat_number.clone(),
            street: b.street.clone(),
            postcode: b.postcode.clone(),
            city: b.city.clone(),
            country_code: b.country_code.clone(),
        }),
        shipping_address: address.shipping.as_ref().map(postal_message),
        notes: address.notes.clone(),
        shipping_method: c.shipping_method.clone().unwrap_or_default(),
        payment_method: c.payment.map(|p| p.method.code().to_owned()).unwrap_or_default(),
        deposit: c.payment.is_some_and(|p| p.deposit),
        deposit_amount: view.totals.deposit,
    })
}

fn voucher_message(d: Dedication) -> VoucherDetails {
    VoucherDetails {
        recipient: d.recipient,
        sender: d.sender,
        message: d.message,
        email: d.email.unwrap_or_default(),
        design: d.design.unwrap_or_default(),
        delivery: match d.delivery {
            Some(checkout::Delivery::Email) => "email".into(),
            Some(checkout::Delivery::Post) => "post".into(),
            None => String::new(),
        },
        postal: d.postal.as_ref().map(postal_message),
    }
}

fn cart_message(view: View) -> Cart {
    let shipping_required = view.cart.shipping_required();
    let checkout = details_message(&view);
    let t = view.totals;
    Cart {
        token: view.cart.token,
        channel: view.cart.channel,
        locale: view.cart.locale,
        currency: view.cart.currency.clone(),
        checkout_state: view.cart.checkout_state.code().to_owned(),
        items: view.lines.into_iter().map(item_message).collect(),
        totals: Some(Totals {
            total: t.total,
            vouchers: t.vouchers,
            shipping: t.shipping,
            deposit: t.deposit,
            left_to_pay: t.left_to_pay,
            currency: view.cart.currency,
        }),
        shipping_required,
        checkout,
    }
}

fn choices(treatments: &[TreatmentChoice]) -> Vec<item::TreatmentChoice> {
    treatments.iter().map(|t| item::TreatmentChoice { code: t.code.clone(), quantity: t.quantity }).collect()
}

fn add_request(item: &NewItem) -> Result<AddRequest<'_>, CartError> {
    let dedication = item.dedication.as_ref().map(|d| Dedication::new(&d.recipient, &d.sender, &d.message, &d.email)).transpose()?;
    Ok(AddRequest {
        kind: &item.r#type,
        product_code: &item.product_code,
        variant_code: &item.variant_code,
        package_code: &item.package_code,
        quantity: item.quantity,
        check_in: &item.check_in,
        check_out: &item.check_out,
        adults: item.adults,
        children: item.children,
        babies: item.babies,
        treatments: (item.treatments_chosen || !item.treatments.is_empty()).then(|| choices(&item.treatments)),
        price_option: item.price_option,
        dedication,
    })
}

type Answer<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl CartService for CartGrpc {
    async fn create_cart(&self, request: Request<CreateCartRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let customer = Some(r.customer_id.as_str()).filter(|c| !c.is_empty());
        Ok(Response::new(cart_message(self.basket.create(&r.token, &r.channel, &r.locale, customer).await?)))
    }

    async fn get_cart(&self, request: Request<GetCartRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.basket.view(&r.token, &r.locale).await?)))
    }

    async fn get_customer_cart(&self, request: Request<GetCustomerCartRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.basket.customer_cart(&r.customer_id, &r.locale).await?)))
    }

    async fn drop_cart(&self, request: Request<DropCartRequest>) -> Answer<DropCartResponse> {
        self.basket.drop_cart(&request.into_inner().token).await?;
        Ok(Response::new(DropCartResponse {}))
    }

    async fn add_item(&self, request: Request<AddItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let item = r.item.unwrap_or_default();
        Ok(Response::new(cart_message(self.basket.add(&r.token, &r.locale, &add_request(&item)?).await?)))
    }

    async fn add_child_item(&self, request: Request<AddChildItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let item = r.item.unwrap_or_default();
        Ok(Response::new(cart_message(self.basket.attach(&r.token, &r.locale, r.parent_id, &add_request(&item)?).await?)))
    }

    async fn update_item(&self, request: Request<UpdateItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let treatments = (r.treatments_chosen || !r.treatments.is_empty()).then(|| choices(&r.treatments));
        Ok(Response::new(cart_message(self.basket.update(&r.token, &r.locale, r.item_id, r.quantity, treatments).await?)))
    }

    async fn redeem_voucher(&self, request: Request<RedeemVoucherRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        let code = Some(r.code.as_str()).filter(|c| !c.trim().is_empty());
        Ok(Response::new(cart_message(self.basket.redeem(&r.token, &r.locale, r.item_id, code).await?)))
    }

    async fn remove_item(&self, request: Request<RemoveItemRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.basket.remove(&r.token, &r.locale, r.item_id).await?)))
    }

    async fn list_stays(&self, request: Request<ListStaysRequest>) -> Answer<ListStaysResponse> {
        let stays = self.basket.stays(&request.into_inner().token).await?;
        let stays = stays
            .into_iter()
            .map(|(room_code, s)| StayRef { room_code, check_in: s.check_in.to_string(), check_out: s.check_out.to_string() })
            .collect();
        Ok(Response::new(ListStaysResponse { stays }))
    }

    async fn suggest(&self, request: Request<SuggestRequest>) -> Answer<SuggestResponse> {
        let r = request.into_inner();
        let items = self.basket.suggest(&r.token, &r.locale, r.item_id, &r.kind).await?;
        Ok(Response::new(SuggestResponse { items }))
    }
}

fn methods_message(offer: Offer) -> Methods {
    Methods {
        methods: offer.methods.into_iter().map(|m| Method { code: m.code.into(), name: m.name.into(), price: m.price }).collect(),
        chosen: offer.chosen.unwrap_or_default(),
        deposit_amount: offer.deposit_amount,
        deposit: offer.deposit,
    }
}

fn summary_item(l: SummaryLine) -> CartItem {
    let total = l.total;
    CartItem {
        id: l.id,
        r#type: l.kind.clone(),
        quantity: l.quantity,
        min_quantity: l.quantity,
        max_quantity: l.quantity,
        price: Some(Price { current: money(l.unit), original: money(l.unit), base_current: money(l.unit), base_original: money(l.unit) }),
        total,
        available: true,
        product: Some(l.product()),
        stay: l.stay.map(|s| Stay {
            check_in: s.check_in.to_string(),
            check_out: s.check_out.to_string(),
            nights: s.nights(),
            adults: s.adults,
            children: s.children,
            babies: s.babies,
        }),
        treatments: l.treatments.into_iter().map(|(code, name, quantity)| TreatmentLine { code, name, quantity }).collect(),
        children: l.children.into_iter().map(summary_item).collect(),
        code: l.code,
        ..Default::default()
    }
}

fn order_message(o: StoredOrder, payable_online: bool, payment_pending: bool) -> Result<Order, Status> {
    let summary: Summary = serde_json::from_str(&o.summary).map_err(spa_platform::errors::internal)?;
    let t = o.totals;
    Ok(Order {
        token: o.token,
        booking_code: o.booking_code,
        checkout_state: checkout::State::Completed.code().into(),
        state: o.state.code().to_owned(),
        payment_state: o.payment_state.code().to_owned(),
        payment_method: o.payment_method,
        totals: Some(Totals {
            total: t.total,
            vouchers: t.vouchers,
            shipping: t.shipping,
            deposit: t.deposit,
            left_to_pay: t.left_to_pay,
            currency: CURRENCY.into(),
        }),
        due_now: t.due_now,
        hold_expires_at_ms: o.hold_expires_at,
        email: o.email,
        locale: o.locale,
        created_at_ms: o.created_at,
        items: summary.lines.into_iter().map(summary_item).collect(),
        payable_online,
        payment_pending,
    })
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
        let customer = Some(r.customer_id).filter(|c| !c.is_empty());
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
            delivery: d.delivery,
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
        Ok(Response::new(cart_message(self.checkout.choose_shipping(&r.token, &r.locale, &r.method).await?)))
    }

    async fn list_payment_methods(&self, request: Request<CheckoutRequest>) -> Answer<Methods> {
        let r = request.into_inner();
        Ok(Response::new(methods_message(self.checkout.payment_methods(&r.token, &r.locale).await?)))
    }

    async fn choose_payment(&self, request: Request<ChooseMethodRequest>) -> Answer<Cart> {
        let r = request.into_inner();
        Ok(Response::new(cart_message(self.checkout.choose_payment(&r.token, &r.locale, &r.method, r.deposit, r.expected_due_now).await?)))
    }

    async fn complete(&self, request: Request<CompleteRequest>) -> Answer<Order> {
        let r = request.into_inner();
        let key = Some(r.idempotency_key.as_str()).filter(|k| !k.is_empty());
        let order = self.checkout.complete(&r.token, &r.locale, key, &r.client).await?;
        let payable = self.checkout.payable_online(&order);
        Ok(Response::new(order_message(order, payable, false)?))
    }

    async fn get_order(&self, request: Request<GetOrderRequest>) -> Answer<Order> {
        let r = request.into_inner();
        // The started payments first, then the order: a payment recorded
        // between the two reads then shows the order paid. Read the other
        // way round, it showed an order awaiting its payment with nothing
        // pending, and the guest who had just paid was offered to pay again.
        let pending = self.checkout.payment_pending(&r.token).await?;
        let order = self.checkout.order(&r.token).await?;
        let payable = self.checkout.payable_online(&order);
        Ok(Response::new(order_message(order, payable, payable && pending)?))
    }

    async fn find_order(&self, request: Request<FindOrderRequest>) -> Answer<Order> {
        let order = self.checkout.order_by_booking_code(&request.into_inner().booking_code).await?;
        let payable = self.checkout.payable_online(&order);
        Ok(Response::new(order_message(order, payable, false)?))
    }

    async fn record_bank_transfer(&self, request: Request<StaffPaymentRequest>) -> Answer<Order> {
        let r = request.into_inner();
        let order = self.checkout.record_bank_transfer(&r.booking_code, r.amount, &r.reference, &r.staff_id).await?;
        Ok(Response::new(order_message(order, false, false)?))
    }

    async fn record_rest_payment(&self, request: Request<StaffPaymentRequest>) -> Answer<Order> {
        let r = request.into_inner();
        let order = self.checkout.record_rest(&r.booking_code, r.amount, &r.reference, &r.staff_id).await?;
        Ok(Response::new(order_message(order, false, false)?))
    }

    async fn list_refunds_due(&self, _request: Request<ListRefundsDueRequest>) -> Answer<Refunds> {
        let refunds = self.checkout.refunds_due().await?;
        Ok(Response::new(Refunds { refunds: refunds.into_iter().map(refund_message).collect() }))
    }

    async fn mark_refunded(&self, request: Request<MarkRefundedRequest>) -> Answer<Refund> {
        let r = request.into_inner();
        Ok(Response::new(refund_message(self.checkout.mark_refunded(&r.payment_id, &r.reference, &r.staff_id).await?)))
    }

    async fn list_customer_orders(&self, request: Request<ListCustomerOrdersRequest>) -> Answer<CustomerOrders> {
        let r = request.into_inner();
        let orders = self.checkout.customer_orders(&r.customer_id).await?;
        let orders = orders
            .into_iter()
            .map(|o| {
                let payable = self.checkout.payable_online(&o);
                order_message(o, payable, false)
            })
            .collect::<Result<_, _>>()?;
        Ok(Response::new(CustomerOrders { orders }))
    }

    async fn start_payment(&self, request: Request<StartPaymentRequest>) -> Answer<PaymentRedirect> {
        let r = request.into_inner();
        Ok(Response::new(PaymentRedirect {
            url: self.checkout.start_payment(&r.token, &r.return_url, &r.cancel_url, &r.status_url).await?,
        }))
    }

    async fn notify_przelewy24(&self, request: Request<Przelewy24Notification>) -> Answer<NotificationAnswer> {
        let r = request.into_inner();
        let notification = payments::Notification {
            merchant_id: r.merchant_id,
            pos_id: r.pos_id,
            session_id: r.session_id,
            amount: r.amount,
            origin_amount: r.origin_amount,
            currency: r.currency,
            order_id: r.order_id,
            method_id: r.method_id,
            statement: r.statement,
            sign: r.sign,
        };
        Ok(Response::new(NotificationAnswer { accepted: self.checkout.notify_przelewy24(&notification).await? }))
    }

    async fn capture_paypal(&self, request: Request<CapturePaypalRequest>) -> Answer<NotificationAnswer> {
        let r = request.into_inner();
        Ok(Response::new(NotificationAnswer { accepted: self.checkout.capture_paypal(&r.token, &r.paypal_order).await? }))
    }

    async fn notify_paypal(&self, request: Request<PaypalWebhook>) -> Answer<NotificationAnswer> {
        let r = request.into_inner();
        let headers: Vec<(String, String)> = r.headers.into_iter().collect();
        Ok(Response::new(NotificationAnswer { accepted: self.checkout.notify_paypal(&headers, &r.body).await? }))
    }
}

fn refund_message(r: store::Refund) -> Refund {
    Refund {
        payment_id: r.session_id,
        booking_code: r.booking_code,
        order_state: r.order_state.code().to_owned(),
        provider: r.provider,
        amount: r.amount,
        provider_ref: r.provider_ref.unwrap_or_default(),
        paid_at: r.paid_at,
        state: r.state.code().to_owned(),
        refund_reference: r.refund_reference.unwrap_or_default(),
        refunded_at: r.refunded_at.unwrap_or_default(),
    }
}
