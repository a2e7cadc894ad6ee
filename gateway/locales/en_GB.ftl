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
error-unknown-taxon = This category does not exist.
error-too-many-taxons = Too many categories chosen at once.
error-invalid-stay = Check the dates of the stay: choose a check-in from today on and a check-out after it, within the minimum and maximum stay.
    .field = Check this date.
error-invalid-guests = Check the number of guests: 1 or 2 adults, up to 2 children and up to 2 babies, within the room's capacity.
    .field = Check the number of guests.
error-invalid-configuration = This package configuration is not possible: check the number of persons and treatments.
    .field = Check this choice.
error-invalid-token = The basket's identifier is not valid.
error-weak-token = The basket's identifier is too easy to guess.
error-invalid-email = Enter a valid e-mail address.
    .field = Enter a valid e-mail address.
error-unknown-package = This package does not exist.
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
error-overloaded = The shop is very busy right now. Please try again in a moment.
error-service-unavailable = The service is temporarily unavailable. Please try again in a moment.
error-internal-error = An unexpected error has occurred...

# The room popup (GET /{locale}/_partial/rooms/{code}).
room-max-guests = Max. guests
room-extra-bed = Extra bed available
room-area = Area
