//! `spa.cart.v1.OrderService`: decode, call orders and payments, encode.

use std::sync::Arc;

use spa_proto::spa::cart::v1::order_service_server::OrderService;
use spa_proto::spa::cart::v1::{
    Arrivals, CancelOrderRequest, CancellationQuote, CapturePaypalRequest, ChangeQuote, ChangeStayRequest, ChangeTreatmentsRequest,
    CustomerOrders, FindOrderRequest, GetOrderRequest, ListArrivalsRequest, ListCustomerOrdersRequest, ListRefundsDueRequest,
    MarkRefundedRequest, NotificationAnswer, Order, OrderPage, PaymentRedirect, PaypalWebhook, Przelewy24Notification,
    RecordPaymentRequest, Refund, Refunds, SearchOrdersRequest, StaffPaymentRequest, StartPaymentRequest, TestPaymentRequest,
    TestPaymentResult,
};
use tonic::{Request, Response};

use super::Answer;
use super::wire::{desk_message, order_message, quote_message, refund_message};
use crate::desk::{self, Desk, DeskPayment, StayChange, TreatmentsChange};
use crate::domain::checkout::{OrderState, Provider};
use crate::domain::front_desk::OrderSearch;
use crate::orders::{Orders, StoredOrder};
use crate::payments::Payments;
use crate::payments::przelewy24::Notification;

pub struct OrderGrpc {
    orders: Arc<Orders>,
    payments: Arc<Payments>,
    desk: Arc<Desk>,
}

impl OrderGrpc {
    pub fn new(orders: Arc<Orders>, payments: Arc<Payments>, desk: Arc<Desk>) -> Self {
        Self { orders, payments, desk }
    }

    /// Orders as answered: payable online when a provider would take their
    /// payment now; with the guest's details `for_staff`.
    fn messages(&self, orders: Vec<StoredOrder>, for_staff: bool) -> Result<Vec<Order>, tonic::Status> {
        orders
            .into_iter()
            .map(|o| {
                let payable = self.payments.payable_online(&o);
                order_message(o, payable, false, for_staff)
            })
            .collect()
    }
}

#[tonic::async_trait]
impl OrderService for OrderGrpc {
    async fn get_order(&self, request: Request<GetOrderRequest>) -> Answer<Order> {
        let r = request.into_inner();
        // The started payments first, then the order: a payment recorded
        // between the two reads then shows the order paid. Read the other
        // way round, it showed an order awaiting its payment with nothing
        // pending, and the guest who had just paid was offered to pay again.
        let pending = self.payments.payment_pending(&r.token).await?;
        let order = self.orders.order(&r.token).await?;
        let payable = self.payments.payable_online(&order);
        Ok(Response::new(order_message(order, payable, payable && pending, false)?))
    }

    async fn search_orders(&self, request: Request<SearchOrdersRequest>) -> Answer<OrderPage> {
        let r = request.into_inner();
        let search = OrderSearch::new(&r.query, &r.from, &r.to, OrderState::from_wire(r.state), r.page, r.limit)?;
        let page = self.orders.search(&search).await?;
        Ok(Response::new(OrderPage { orders: self.messages(page.orders, true)?, total: u32::try_from(page.total).unwrap_or(u32::MAX) }))
    }

    async fn list_arrivals(&self, request: Request<ListArrivalsRequest>) -> Answer<Arrivals> {
        let day = self.orders.arrivals(&request.into_inner().date).await?;
        Ok(Response::new(Arrivals { arriving: self.messages(day.arriving, true)?, departing: self.messages(day.departing, true)? }))
    }

    async fn find_order(&self, request: Request<FindOrderRequest>) -> Answer<Order> {
        Ok(Response::new(desk_message(self.desk.order(&request.into_inner().booking_code).await?)?))
    }

    async fn record_payment(&self, request: Request<RecordPaymentRequest>) -> Answer<Order> {
        let r = request.into_inner();
        let payment = DeskPayment {
            booking_code: r.booking_code,
            amount: r.amount,
            method: Provider::from_wire(r.method),
            reference: r.reference,
            reverses: Some(r.reverses).filter(|id| !id.is_empty()),
            idempotency_key: r.idempotency_key,
            staff: r.staff,
        };
        Ok(Response::new(desk_message(self.desk.record_payment(payment).await?)?))
    }

    async fn quote_cancellation(&self, request: Request<FindOrderRequest>) -> Answer<CancellationQuote> {
        Ok(Response::new(quote_message(self.desk.quote(&request.into_inner().booking_code).await?)))
    }

    async fn cancel_order(&self, request: Request<CancelOrderRequest>) -> Answer<Order> {
        let r = request.into_inner();
        Ok(Response::new(desk_message(self.desk.cancel(&r.booking_code, r.version, r.fee, &r.staff).await?)?))
    }

    async fn cancel_unpaid_order(&self, request: Request<GetOrderRequest>) -> Answer<Order> {
        let order = self.desk.cancel_by_guest(&request.into_inner().token).await?;
        Ok(Response::new(order_message(order, false, false, false)?))
    }

    async fn change_stay(&self, request: Request<ChangeStayRequest>) -> Answer<Order> {
        Ok(Response::new(desk_message(self.desk.change_stay(&stay_change(request.into_inner())).await?)?))
    }

    async fn quote_stay_change(&self, request: Request<ChangeStayRequest>) -> Answer<ChangeQuote> {
        Ok(Response::new(quote_of(self.desk.quote_stay(&stay_change(request.into_inner())).await?)))
    }

    async fn change_treatments(&self, request: Request<ChangeTreatmentsRequest>) -> Answer<Order> {
        Ok(Response::new(desk_message(self.desk.change_treatments(&treatments_change(request.into_inner())).await?)?))
    }

    async fn quote_treatments_change(&self, request: Request<ChangeTreatmentsRequest>) -> Answer<ChangeQuote> {
        Ok(Response::new(quote_of(self.desk.quote_treatments(&treatments_change(request.into_inner())).await?)))
    }

    async fn record_bank_transfer(&self, request: Request<StaffPaymentRequest>) -> Answer<Order> {
        let r = request.into_inner();
        let order = self.payments.record_bank_transfer(&r.booking_code, r.amount, &r.reference, &r.staff_id).await?;
        Ok(Response::new(order_message(order, false, false, true)?))
    }

    async fn record_rest_payment(&self, request: Request<StaffPaymentRequest>) -> Answer<Order> {
        let r = request.into_inner();
        let order = self.payments.record_rest(&r.booking_code, r.amount, &r.reference, &r.staff_id).await?;
        Ok(Response::new(order_message(order, false, false, true)?))
    }

    async fn list_refunds_due(&self, _request: Request<ListRefundsDueRequest>) -> Answer<Refunds> {
        let refunds = self.payments.refunds_due().await?;
        Ok(Response::new(Refunds { refunds: refunds.into_iter().map(refund_message).collect() }))
    }

    async fn mark_refunded(&self, request: Request<MarkRefundedRequest>) -> Answer<Refund> {
        let r = request.into_inner();
        Ok(Response::new(refund_message(self.payments.mark_refunded(&r.payment_id, &r.reference, &r.staff_id).await?)))
    }

    async fn list_customer_orders(&self, request: Request<ListCustomerOrdersRequest>) -> Answer<CustomerOrders> {
        let r = request.into_inner();
        let orders = self.orders.customer_orders(&r.customer_id).await?;
        Ok(Response::new(CustomerOrders { orders: self.messages(orders, false)? }))
    }

    async fn start_payment(&self, request: Request<StartPaymentRequest>) -> Answer<PaymentRedirect> {
        let r = request.into_inner();
        Ok(Response::new(PaymentRedirect {
            url: self.payments.start_payment(&r.token, &r.return_url, &r.cancel_url, &r.status_url).await?,
        }))
    }

    async fn test_payment(&self, request: Request<TestPaymentRequest>) -> Answer<TestPaymentResult> {
        let r = request.into_inner();
        let outcome = self.payments.test_payment(&r.method, &r.staff, &r.locale, (&r.return_url, &r.status_url)).await?;
        Ok(Response::new(match outcome {
            Ok(url) => TestPaymentResult { registered: true, url, error: String::new() },
            Err(error) => TestPaymentResult { registered: false, url: String::new(), error },
        }))
    }

    async fn notify_przelewy24(&self, request: Request<Przelewy24Notification>) -> Answer<NotificationAnswer> {
        let r = request.into_inner();
        let notification = Notification {
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
        Ok(Response::new(NotificationAnswer { accepted: self.payments.notify_przelewy24(&notification).await? }))
    }

    async fn capture_paypal(&self, request: Request<CapturePaypalRequest>) -> Answer<NotificationAnswer> {
        let r = request.into_inner();
        Ok(Response::new(NotificationAnswer { accepted: self.payments.capture_paypal(&r.token, &r.paypal_order).await? }))
    }

    async fn notify_paypal(&self, request: Request<PaypalWebhook>) -> Answer<NotificationAnswer> {
        let r = request.into_inner();
        let headers: Vec<(String, String)> = r.headers.into_iter().collect();
        Ok(Response::new(NotificationAnswer { accepted: self.payments.notify_paypal(&headers, &r.body).await? }))
    }
}

fn stay_change(r: ChangeStayRequest) -> StayChange {
    StayChange {
        booking_code: r.booking_code,
        item_id: r.item_id,
        version: r.version,
        room_code: r.room_code,
        check_in: r.check_in,
        check_out: r.check_out,
        adults: r.adults,
        children: r.children,
        babies: r.babies,
        staff: r.staff,
    }
}

fn treatments_change(r: ChangeTreatmentsRequest) -> TreatmentsChange {
    TreatmentsChange {
        booking_code: r.booking_code,
        item_id: r.item_id,
        version: r.version,
        treatments: r.treatments.into_iter().map(|t| crate::domain::item::TreatmentChoice { code: t.code, quantity: t.quantity }).collect(),
        staff: r.staff,
    }
}

fn quote_of(q: desk::ChangeQuote) -> ChangeQuote {
    ChangeQuote {
        version: q.version,
        price: q.price,
        was: q.was,
        difference: q.difference,
        total: q.total,
        received: q.received,
        left_to_pay: q.left_to_pay,
        refund: q.refund,
    }
}
