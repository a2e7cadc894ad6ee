# The gateway's texts for visitors, British English. Every message here
# exists in pl.ftl and de.ftl too (a test checks).
# Error messages: error-<code>; `.field` is the text shown beside a field
# ($field names it), the value the text of the notification.

error-invalid-request = The request is not valid.
    .field = This value is not valid.
error-invalid-parameter = A value in the request is not valid.
    .field = This value is not valid.
error-invalid-body = The data sent could not be read.
    .field = This value is not valid.
error-invalid-characters = The request contains characters that are not allowed.
    .field = This value contains characters that are not allowed.
error-unsupported-media-type = The data must be sent as JSON.
error-payload-too-large = The data sent is too large.
error-unknown-channel = This shop does not know that sales channel.
error-invalid-locale = This language is not available. Choose Polish, German or English.
error-invalid-limit = The number of items per page must be between 1 and 1000.
error-invalid-sorting = This sort order is not available.
error-invalid-price-range = The price range is not valid: the lower price must be 0 or more and not above the upper price.
    .field = Enter a price of 0 or more, not above the upper price.
error-invalid-nights = The stay length filter is not valid: choose 3, 4, 5 or 6 days (packages only).
error-invalid-settings = Some settings are not valid: correct the marked fields.
    .field = { $key ->
        [depositPercent] Enter a share from 0 to 100%.
        [bankTransferHoldDays] Enter 1 to 14 days.
        [onlineHoldMinutes] Enter 15 to 1440 minutes.
        [cancellationFreeDays] Enter 0 to 365 days.
        [cancellationFeePercent] Enter a share from 0 to 100%.
        [methods] A method can be offered only once it is ready: its provider's keys set in the environment, or for a bank transfer an account entered.
        [bankAccount-iban] Enter a valid IBAN, e.g. PL61 1090 1014 0000 0712 1981 2874.
        [bankAccount-holder] Enter the account holder (up to 200 characters).
       *[other] Check this value.
    }
error-invalid-product = Some of the offer's fields are not valid: correct the marked ones.
    .field = Check this field: a name of 1 to 120 characters, an address of lower-case letters, digits and single dashes, a price from 1 zł, a price before the promotion above the price, stock on products only, a treatment’s duration of 5 to 600 minutes, dates in order, promotion dates only with a price before the promotion.
error-product-exists = An offer with this code exists already.
    .field = This code is taken: choose another.
error-slug-taken = Another offer has this address in this language already.
    .field = This address is taken: choose another.
error-stock-changed = The stock changed since the offer was opened (someone has just bought some). Load it again and check the stock.
    .field = The stock changed meanwhile: load the offer again.
error-invalid-picture = This picture cannot be added.
    .field = Choose a JPEG, PNG or WebP picture of up to 8 MB, at least 800 × 600 and at most 8000 × 8000 pixels.
error-invalid-room-type = The room's settings contradict each other: correct the marked fields.
    .field = { $key ->
        [maxOccupancy] Most guests: no fewer than the standard and at most 12.
        [extraBed] The extra bed is needed exactly when the room takes more guests than its standard.
       *[other] Check this value.
    }
error-invalid-seasons = Some seasons are not valid: correct the marked fields.
    .field = Check: a name of 1 to 60 characters, unlike the others; days as MM-DD that the calendar has; a share of 50 to 300%.
error-picture-not-found = This picture is no longer part of the offer.
error-unknown-taxon = This category does not exist.
error-too-many-taxons = Too many categories chosen at once.
error-invalid-stay = Check the dates of the stay: choose a check-in from today on and a check-out after it, within the minimum and maximum stay, and no later than a year from today.
    .field = Check this date.
error-invalid-guests = Check the number of guests: 1 or 2 adults, up to 2 children and up to 2 babies, within the room's capacity.
    .field = Check the number of guests.
error-invalid-configuration = This package configuration is not possible: check the number of persons and treatments.
    .field = Check this choice.
error-invalid-token = The basket's identifier is not valid.
error-weak-token = The basket's identifier is too easy to guess.
error-invalid-email = Enter a valid e-mail address.
    .field = Enter a valid e-mail address.
error-invalid-name = Enter your first and last name.
    .field = Fill this in (at most 60 characters).
error-unknown-package = This package does not exist.
error-invalid-item-type = This kind of item cannot be added to the basket.
    .field = Choose product, treatment, voucher, package or reservation.
error-unknown-product = This product does not exist or cannot be added this way.
    .field = No such product.
error-invalid-quantity = This quantity is not possible for this item.
    .field = Choose a quantity within the limits shown.
error-invalid-price-option = Choose one of the voucher's values.
    .field = Choose one of the voucher's values.
error-package-needs-stay = This package includes a stay: choose its dates and a room first.
error-package-too-long = The stay is too short for this package: choose a stay with at least as many nights.
    .field = The stay is too short for this package.
error-too-many-persons = The package cannot be for more persons than adults staying.
    .field = At most one person per adult of the stay.
error-not-a-reservation = A package can only be added to a room reservation.
error-item-not-found = This item is no longer in your basket.
error-product-unavailable = This product cannot be bought at the moment.
error-age-confirmation-required = We sell this product to adults only: please confirm that you are 18 or over.
error-not-a-voucher = Only a gift voucher can have a dedication.
error-invalid-voucher-details = Check the voucher's dedication: who it is for and from (1 to 60 characters each) and a message of up to 300 characters.
    .field = Check this field.
error-weak-password = Choose a password of 10 to 128 characters, with at least 5 different characters, other than your e-mail address.
    .field = Choose a longer or more varied password.
error-email-taken = An account with this e-mail address exists already. Log in instead.
    .field = This e-mail address is registered already.
error-invalid-credentials = Wrong e-mail address or password.
error-invalid-link = This link is unknown, used or expired. Ask for a new one.
error-identity-unverified-account = An account with this e-mail address exists, but its address is not verified yet. Verify it or log in with your password.
error-identity-staff-account = This is a staff account: please log in with your e-mail address and password.
error-not-found = The page or item you asked for does not exist.
error-method-not-allowed = This action is not available here.
error-unknown-type = This kind of offer does not exist.
error-unknown-association = This list of related items does not exist.
error-product-not-found = This product does not exist or is no longer available.
error-taxon-not-found = This category does not exist.
error-package-not-found = This package does not exist or is no longer available.
error-unknown-room = This room does not exist.
error-cart-not-found = Your basket has expired. A new one has been started.
error-hold-not-found = This reservation is no longer held.
error-conflict = This cannot be done now: something changed in the meantime. Please try again.
error-cart-exists = A basket with this identifier already exists.
error-newsletter-exists = This address already exists.
error-room-unavailable = This room has just been booked for the chosen dates.
error-hold-conflict = This reservation was changed in the meantime. Please try again.
error-unauthenticated = Please log in to continue.
error-not-logged-in = You are not logged in.
error-forbidden = You are not allowed to do this.
error-request-timeout = The request took too long to arrive. Please try again.
error-too-many-requests = Too many requests. Please wait { $seconds } s and try again.
error-too-many-attempts = Too many failed logins for this e-mail address. Try again in 15 minutes.
error-overloaded = The shop is very busy right now. Please try again in a moment.
error-service-unavailable = The service is temporarily unavailable. Please try again in a moment.
error-internal-error = An unexpected error has occurred...

# The room popup (GET /{locale}/_partial/rooms/{code}).
room-max-guests = Max. guests
room-extra-bed = Extra bed available
room-area = Area

# Checkout.
error-invalid-address = Some of your details are missing or not valid: check the marked fields.
    .field = { $key ->
        [customer-firstName] Enter your first name (up to 60 characters).
        [customer-lastName] Enter your last name (up to 60 characters).
        [customer-email] Enter a valid e-mail address.
        [customer-phone] Enter a phone number of at least 7 characters: digits, and +, ( ), -, spaces, dots or slashes.
        [billingAddress-company] Enter the company name.
        [billingAddress-vatNumber] Enter a valid tax number: a Polish NIP of 10 digits or a German VAT number (DE and 9 digits).
        [billingAddress-street] Enter the street and number.
        [billingAddress-postcode] Enter a postal code of the country: 00-000 in Poland, 5 digits in Germany.
        [billingAddress-city] Enter the city.
        [billingAddress-countryCode] Choose Poland or Germany.
        [shippingAddress-firstName] Enter the recipient's first name.
        [shippingAddress-lastName] Enter the recipient's last name.
        [shippingAddress-street] Enter the street and number.
        [shippingAddress-postcode] Enter a postal code of the country: 00-000 in Poland, 5 digits in Germany.
        [shippingAddress-city] Enter the city.
        [shippingAddress-countryCode] Choose Poland or Germany.
        [notes] Notes can be up to 1000 characters long.
        [regulationsAccepted] Please accept the reservation regulations.
       *[other] Check this field.
    }
error-invalid-voucher-configuration = Check the voucher's details: the marked fields are missing or not valid.
    .field = { $key ->
        [for] Enter who the voucher is for (1 to 60 characters).
        [from] Enter who gives the voucher (1 to 60 characters).
        [message] The message can be up to 300 characters long.
        [design] Choose a design.
        [delivery] Choose how the voucher is delivered: by e-mail or by post.
        [email] Enter a valid e-mail address to send the voucher to.
        [firstName] Enter the recipient's first name.
        [lastName] Enter the recipient's last name.
        [street] Enter the street and number.
        [postcode] Enter a postal code of the country: 00-000 in Poland, 5 digits in Germany.
        [city] Enter the city.
        [countryCode] Choose Poland or Germany.
       *[other] Check this field.
    }
error-invalid-method = Choose one of the methods offered.
    .field = Choose one of the methods offered.
error-order-not-found = There is no such order.
error-checkout-completed = This basket has become an order already. Start a new basket to book more.
error-checkout-state = This step is not available yet: please complete the previous steps first.
error-cart-empty = Your basket is empty.
error-items-unavailable = Something in your basket can no longer be bought. Please check your basket.
error-room-just-booked = This room has just been booked for { $from } - { $to }.
error-idempotency-key-reused = This request key was already used for another order.
error-basket-full = A basket holds at most { $max } lines. Place this order and start another.
error-price-changed = The price has changed meanwhile: { $now } PLN is now due instead of { $was } PLN. Please check your basket and confirm again.
error-unpaid-limit = Unpaid orders may hold at most { $max } room-nights. Please pay them before booking more.
    .field = Unpaid orders with this address already hold too many nights.

error-invalid-notification = The payment notification does not check out.
error-order-not-payable = This order cannot be paid online now: it is paid, cancelled, or paid by bank transfer.
error-payment-refused = The payment provider refused the payment. Please try again or pay by bank transfer.
error-amount-mismatch = The amount does not match the order: it awaits { $expected } PLN.
    .field = Enter the amount the order awaits: { $expected } PLN.
error-invalid-transfer = Enter the transfer's reference from the bank statement (1 to 140 characters).
    .field = 1 to 140 characters from the bank statement.
error-not-bank-transfer = This order is not paid by bank transfer.
error-order-cancelled = This order was cancelled: its nights are no longer held.
error-order-paid = This order is paid already.
error-transfer-reference-used = This transfer has paid another order already.
    .field = This reference is recorded with another order already.
error-payment-not-found = There is no payment with this id.
error-invalid-refund = Enter the refund's reference from the payment provider's panel (1 to 140 characters).
    .field = 1 to 140 characters from the payment provider's panel.
error-not-refund-due = This payment is not due back.
error-payment-refunded = This payment was refunded with another reference already.
    .field = This payment's refund is recorded under another reference.
error-invalid-receipt = Enter the receipt's, card terminal's or transfer's reference (1 to 140 characters).
    .field = 1 to 140 characters from the receipt, terminal or statement.
error-advance-not-paid = This order still awaits its first payment: record that first.
error-stale-version = Someone changed this order meanwhile. It has been reloaded: check it and try again.
error-payment-reversed = This payment was reversed already.
error-not-reversible = Only money recorded at the front desk can be reversed; an online payment is refunded instead.
    .field = Only money recorded at the front desk can be reversed.
error-fee-above-policy = The fee is above what the cancellation policy keeps now: at most { $max } PLN.
    .field = At most { $max } PLN.
error-order-not-cancellable = This order can no longer be cancelled here: money has come for it or a payment is under way. Please contact the guesthouse.
error-units-taken = These rooms cannot be taken out of order: they are booked that night.
error-units-needed = { $night }: that many rooms are booked, held or out of order, so there cannot be fewer.
    .field = On { $night } more rooms are needed: that many are booked, held or out of order.
error-stay-started = This stay has begun: it can no longer be moved.
error-order-not-changeable = This order's nights are no longer held or booked: it cannot be changed.
error-last-admin = The house keeps one active administrator: make another member an administrator first.
error-staff-not-found = There is no member of the team with this id.
error-invalid-role = Choose a role: administrator, front desk or content editor.
error-voucher-code-unknown = There is no gift voucher with this code. Check it and try again.
    .field = No gift voucher has this code.
error-voucher-not-applicable = A gift voucher pays for a stay, a package, a treatment or a product, not for another gift voucher.
error-voucher-spent = This gift voucher has been used up.
    .field = This gift voucher has been used up.
error-voucher-expired = This gift voucher has expired.
    .field = This gift voucher has expired.
error-invalid-url = Give the page's path, starting with /.
error-invalid-html = The block's content is missing or longer than 64 KiB.
error-page-not-found = There is no such page.
error-block-not-found = There is no such content block.
error-revision-not-found = There is no such version of this block.
error-block-changed = Someone else saved this block meanwhile (version { $revision }). Reload it and make your change again.
error-too-many-slides = The banner has { $max } slides already. Remove one before adding another.
error-invalid-channel = Please correct the channel’s marked fields.
error-channel-not-found = There is no such channel, or its address was revoked.
error-sync-running = This channel’s calendar is being imported right now. Try again in a minute.
error-invalid-question = Please correct the marked fields.
    .field = { $key ->
        [productCode] Choose the product you are asking about.
        [customer] Enter your name (up to 100 characters).
        [email] Enter a valid e-mail address.
        [phone] Enter a phone number of at least 7 characters: digits, and +, ( ), -, spaces, dots or slashes.
        [message] Enter your message (up to 5000 characters).
       *[other] Check this field.
    }
error-unknown-option = Choose one of the poll's answers.
    .field = Choose one of the poll's answers.
error-unknown-newsletter-token = This link is not valid. It may have been replaced by a newer one.
    .field = This link is not valid.
error-already-voted = You have already voted. Thank you!
error-weather-unavailable = The weather is not available at the moment.

# The order's page (/order/{token}/pay).
order-title = Your order
order-code-label = Booking code
order-paid = Thank you: your payment has arrived and your booking is confirmed.
order-cancelled = This order was cancelled because it was not paid in time. Its rooms are on sale again.
order-cancelled-nights_sold = This order was cancelled: its payment came after its rooms had been sold. The payment is given back; the e-mail has the details.
order-cancelled-staff = This booking was cancelled by the guesthouse. The e-mail we sent has what is refunded.
order-cancelled-guest = You cancelled this booking. Its rooms are on sale again.
order-cancel-heading = Cancel this booking
order-cancel-note = Nothing has been paid yet, so cancelling is free. The rooms go back on sale at once.
order-cancel-confirm = Cancel the booking
order-cancel-refused = This booking can no longer be cancelled here: a payment has come or is under way. Please contact the guesthouse.
order-transfer-heading = Pay by bank transfer
order-holder = Recipient
order-account = Account number
order-bank = Bank
order-transfer-title = Payment reference
order-amount = Amount
order-left-later = Left to pay later
order-deadline = We hold your room until the payment arrives, at the latest until
order-at-guesthouse = You pay at the guesthouse when you arrive:
order-mail-note = We have sent the order summary with the booking code to
order-continue = Continue
order-online-unavailable = Online payment is not available at the moment. Please pay by bank transfer:
order-no-account = The bank account for the transfer is not available right now. Please contact the guesthouse with your booking code.
order-pay-online-przelewy24 = Pay online with Przelewy24
order-pay-online-paypal = Pay with PayPal
order-payment-pending = If you have just paid, the confirmation takes a moment: refresh this page in a minute. Pay again only if the payment did not go through.
order-payment-failed = The online payment could not be started. Please try again in a moment or pay by bank transfer.
order-online-heading = Pay online
order-bic = BIC / SWIFT
order-copy = Copy
order-copy-account = Copy the account number
order-copy-title = Copy the payment reference
order-copied-account = Account number copied to the clipboard.
order-copied-title = Payment reference copied to the clipboard.
order-summary-heading = Your order at a glance
order-skip = Skip to content
order-contact = Contact
order-regulations = Terms and conditions
order-links = Information
order-shop-name = Spa & Wellness Guesthouse
# A page's <title>, as the app writes it (app.documentTitle).
page-title = { $page } | Spa & Wellness Guesthouse
# The first crumb of a page's BreadcrumbList.
breadcrumb-home = Home
order-local-time = Polish time
order-stay = { $from } – { $to }, { $nights ->
        [one] { $nights } night
       *[other] { $nights } nights
    }
order-guests = { $count ->
        [one] { $count } guest
       *[other] { $count } guests
    }
order-babies = { $count ->
        [one] { $count } baby
       *[other] { $count } babies
    }
order-quantity = Quantity: { $count }
order-treatments = Treatments: { $list }
order-total = Order value
order-vouchers = Paid with a gift voucher
order-shipping = Shipping
order-due-now = To pay now
order-received = Paid
