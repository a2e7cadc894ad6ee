//! Black-box tests of the whole stack over HTTP: the standalone stack
//! in-process, and the distributed mode as one OS process per service.

mod accounts;
mod answers;
mod api;
mod basket;
mod catalog;
mod channels;
mod checkout;
mod content;
mod desk;
mod distributed;
mod hardening;
mod integrity;
mod oidc;
mod payments;
mod products_admin;
mod rates;
mod rooms;
mod settings;
mod site;
mod staff;
mod support;
mod team;
