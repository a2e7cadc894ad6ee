# Die Texte des Gateways für Besucher, Deutsch. Jede Meldung steht auch in
# pl.ftl und en_GB.ftl (ein Test prüft das).

error-invalid-request = Die Anfrage ist ungültig.
    .field = Dieser Wert ist ungültig.
error-invalid-parameter = Ein Wert der Anfrage ist ungültig.
    .field = Dieser Wert ist ungültig.
error-invalid-body = Die gesendeten Daten konnten nicht gelesen werden.
    .field = Dieser Wert ist ungültig.
error-invalid-characters = Die Anfrage enthält unzulässige Zeichen.
    .field = Dieser Wert enthält unzulässige Zeichen.
error-unsupported-media-type = Die Daten müssen als JSON gesendet werden.
error-payload-too-large = Die gesendeten Daten sind zu groß.
error-unknown-channel = Diesen Verkaufskanal kennt der Shop nicht.
error-invalid-locale = Diese Sprache ist nicht verfügbar. Wählen Sie Polnisch, Deutsch oder Englisch.
error-invalid-limit = Die Anzahl der Einträge pro Seite muss zwischen 1 und 1000 liegen.
error-invalid-sorting = Diese Sortierung ist nicht verfügbar.
error-invalid-price-range = Die Preisspanne ist ungültig: Der untere Preis muss 0 oder mehr betragen und darf den oberen nicht übersteigen.
    .field = Geben Sie einen Preis von 0 oder mehr ein, nicht über dem oberen Preis.
error-invalid-nights = Der Filter für die Aufenthaltsdauer ist ungültig: Wählen Sie 3, 4, 5 oder 6 Tage (nur für Pakete).
error-invalid-settings = Einige Einstellungen sind ungültig: Bitte korrigieren Sie die markierten Felder.
    .field = { $key ->
        [depositPercent] Geben Sie einen Anteil von 0 bis 100 % an.
        [bankTransferHoldDays] Geben Sie 1 bis 14 Tage an.
        [onlineHoldMinutes] Geben Sie 15 bis 1440 Minuten an.
        [cancellationFreeDays] Geben Sie 0 bis 365 Tage an.
        [cancellationFeePercent] Geben Sie einen Anteil von 0 bis 100 % an.
        [methods] Eine Zahlungsart kann erst angeboten werden, wenn sie bereit ist: die Schlüssel des Anbieters in der Umgebung gesetzt, für die Überweisung ein Konto angegeben.
        [bankAccount-iban] Geben Sie eine gültige IBAN an, z. B. PL61 1090 1014 0000 0712 1981 2874.
        [bankAccount-holder] Geben Sie den Kontoinhaber an (bis 200 Zeichen).
       *[other] Prüfen Sie diesen Wert.
    }
error-invalid-product = Einige Felder des Angebots sind ungültig: Bitte korrigieren Sie die markierten.
    .field = Prüfen Sie dieses Feld: Name 1–120 Zeichen, Adresse aus Kleinbuchstaben, Ziffern und einzelnen Bindestrichen, Preis ab 1 zł, Preis vor der Aktion über dem Preis, Bestand nur bei Produkten, Dauer einer Behandlung 5–600 Minuten, Daten in der richtigen Reihenfolge, Aktionsdaten nur mit einem Preis vor der Aktion.
error-product-exists = Ein Angebot mit diesem Code gibt es schon.
    .field = Dieser Code ist vergeben: Wählen Sie einen anderen.
error-slug-taken = Ein anderes Angebot hat diese Adresse in dieser Sprache schon.
    .field = Diese Adresse ist vergeben: Wählen Sie eine andere.
error-stock-changed = Der Bestand hat sich geändert, seit das Angebot geöffnet wurde (gerade hat jemand gekauft). Laden Sie es neu und prüfen Sie den Bestand.
    .field = Der Bestand hat sich inzwischen geändert: Laden Sie das Angebot neu.
error-invalid-picture = Dieses Bild kann nicht hinzugefügt werden.
    .field = Wählen Sie ein JPEG-, PNG- oder WebP-Bild bis 8 MB, mindestens 800 × 600 und höchstens 8000 × 8000 Pixel.
error-invalid-room-type = Die Einstellungen des Zimmers widersprechen sich: Bitte korrigieren Sie die markierten Felder.
    .field = { $key ->
        [maxOccupancy] Höchstbelegung: nicht unter der Standardbelegung und höchstens 12.
        [extraBed] Ein Zustellbett braucht es genau dann, wenn mehr Personen als standardmäßig Platz finden.
       *[other] Prüfen Sie diesen Wert.
    }
error-invalid-seasons = Einige Saisons sind ungültig: Bitte korrigieren Sie die markierten Felder.
    .field = Prüfen Sie: Name 1–60 Zeichen und eindeutig; Tage als MM-TT, die es im Kalender gibt; Anteil 50–300 %.
error-picture-not-found = Dieses Bild gehört nicht mehr zum Angebot.
error-unknown-taxon = Diese Kategorie gibt es nicht.
error-too-many-taxons = Zu viele Kategorien auf einmal gewählt.
error-invalid-stay = Prüfen Sie die Reisedaten: Anreise ab heute, Abreise danach, innerhalb der Mindest- und Höchstdauer, spätestens ein Jahr ab heute.
    .field = Prüfen Sie dieses Datum.
error-invalid-guests = Prüfen Sie die Anzahl der Gäste: 1 oder 2 Erwachsene, bis zu 2 Kinder und bis zu 2 Babys, im Rahmen der Zimmerbelegung.
    .field = Prüfen Sie die Anzahl der Gäste.
error-invalid-configuration = Diese Paketzusammenstellung ist nicht möglich: Prüfen Sie die Anzahl der Personen und Behandlungen.
    .field = Prüfen Sie diese Auswahl.
error-invalid-token = Die Kennung des Warenkorbs ist ungültig.
error-weak-token = Die Kennung des Warenkorbs ist zu leicht zu erraten.
error-invalid-email = Geben Sie eine gültige E-Mail-Adresse ein.
    .field = Geben Sie eine gültige E-Mail-Adresse ein.
error-invalid-name = Geben Sie Vor- und Nachnamen an.
    .field = Bitte ausfüllen (höchstens 60 Zeichen).
error-unknown-package = Dieses Paket gibt es nicht.
error-invalid-item-type = Diese Art von Artikel kann nicht in den Warenkorb gelegt werden.
    .field = Wählen Sie Produkt, Behandlung, Gutschein, Paket oder Reservierung.
error-unknown-product = Dieses Produkt gibt es nicht oder es kann so nicht hinzugefügt werden.
    .field = Kein solches Produkt.
error-invalid-quantity = Diese Menge ist für diesen Artikel nicht möglich.
    .field = Wählen Sie eine Menge innerhalb der angezeigten Grenzen.
error-invalid-price-option = Wählen Sie einen der Werte des Gutscheins.
    .field = Wählen Sie einen der Werte des Gutscheins.
error-package-needs-stay = Dieses Paket umfasst einen Aufenthalt: Wählen Sie zuerst die Daten und ein Zimmer.
error-package-too-long = Der Aufenthalt ist für dieses Paket zu kurz: Wählen Sie einen Aufenthalt mit mindestens so vielen Nächten.
    .field = Der Aufenthalt ist für dieses Paket zu kurz.
error-too-many-persons = Das Paket kann nicht für mehr Personen sein, als Erwachsene übernachten.
    .field = Höchstens eine Person pro Erwachsenem des Aufenthalts.
error-not-a-reservation = Ein Paket kann nur zu einer Zimmerreservierung hinzugefügt werden.
error-item-not-found = Dieser Artikel ist nicht mehr in Ihrem Warenkorb.
error-product-unavailable = Dieses Produkt kann derzeit nicht gekauft werden.
error-age-confirmation-required = Dieses Produkt verkaufen wir nur an Volljährige: Bitte bestätigen Sie, dass Sie mindestens 18 Jahre alt sind.
error-not-a-voucher = Nur ein Geschenkgutschein kann eine Widmung haben.
error-invalid-voucher-details = Prüfen Sie die Widmung des Gutscheins: für wen und von wem (je 1 bis 60 Zeichen) und eine Nachricht mit bis zu 300 Zeichen.
    .field = Prüfen Sie dieses Feld.
error-weak-password = Wählen Sie ein Passwort mit 10 bis 128 Zeichen, mindestens 5 verschiedenen Zeichen, das nicht Ihre E-Mail-Adresse ist.
    .field = Wählen Sie ein längeres oder vielfältigeres Passwort.
error-email-taken = Ein Konto mit dieser E-Mail-Adresse besteht bereits. Melden Sie sich an.
    .field = Diese E-Mail-Adresse ist bereits registriert.
error-invalid-credentials = Falsche E-Mail-Adresse oder falsches Passwort.
error-invalid-link = Dieser Link ist unbekannt, wurde schon benutzt oder ist abgelaufen. Fordern Sie einen neuen an.
error-identity-unverified-account = Zu dieser E-Mail-Adresse gibt es ein Konto, dessen Adresse noch nicht bestätigt ist. Bestätigen Sie sie oder melden Sie sich mit Ihrem Passwort an.
error-identity-staff-account = Dies ist ein Konto des Personals: Bitte melden Sie sich mit E-Mail-Adresse und Passwort an.
error-not-found = Die gesuchte Seite oder der Artikel existiert nicht.
error-method-not-allowed = Diese Aktion ist hier nicht möglich.
error-unknown-type = Diese Angebotsart gibt es nicht.
error-unknown-association = Diese Liste ähnlicher Artikel gibt es nicht.
error-product-not-found = Dieses Produkt gibt es nicht oder es ist nicht mehr erhältlich.
error-taxon-not-found = Diese Kategorie gibt es nicht.
error-package-not-found = Dieses Paket gibt es nicht oder es ist nicht mehr erhältlich.
error-unknown-room = Dieses Zimmer gibt es nicht.
error-cart-not-found = Ihr Warenkorb ist abgelaufen. Ein neuer wurde angelegt.
error-hold-not-found = Diese Reservierung wird nicht mehr gehalten.
error-conflict = Das ist gerade nicht möglich: Inzwischen hat sich etwas geändert. Bitte versuchen Sie es erneut.
error-cart-exists = Ein Warenkorb mit dieser Kennung existiert bereits.
error-newsletter-exists = Diese Adresse ist bereits angemeldet.
error-room-unavailable = Dieses Zimmer wurde soeben für die gewählten Daten gebucht.
error-hold-conflict = Diese Reservierung wurde inzwischen geändert. Bitte versuchen Sie es erneut.
error-unauthenticated = Bitte melden Sie sich an, um fortzufahren.
error-not-logged-in = Sie sind nicht angemeldet.
error-forbidden = Dazu sind Sie nicht berechtigt.
error-request-timeout = Die Anfrage kam zu langsam an. Bitte versuchen Sie es erneut.
error-too-many-requests = Zu viele Anfragen. Bitte warten Sie { $seconds } s und versuchen Sie es erneut.
error-too-many-attempts = Zu viele fehlgeschlagene Anmeldungen für diese E-Mail-Adresse. Versuchen Sie es in 15 Minuten erneut.
error-overloaded = Im Shop ist gerade sehr viel los. Bitte versuchen Sie es gleich noch einmal.
error-service-unavailable = Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.
error-internal-error = Ein unerwarteter Fehler ist aufgetreten...

# Das Zimmer-Popup (GET /{locale}/_partial/rooms/{code}).
room-max-guests = Max. Personen
room-extra-bed = Zustellbett möglich
room-area = Fläche

# Checkout.
error-invalid-address = Einige Angaben fehlen oder sind ungültig: Prüfen Sie die markierten Felder.
    .field = { $key ->
        [customer-firstName] Geben Sie Ihren Vornamen ein (bis zu 60 Zeichen).
        [customer-lastName] Geben Sie Ihren Nachnamen ein (bis zu 60 Zeichen).
        [customer-email] Geben Sie eine gültige E-Mail-Adresse ein.
        [customer-phone] Geben Sie eine Telefonnummer mit mindestens 7 Zeichen ein: Ziffern sowie +, ( ), -, Leerzeichen, Punkte oder Schrägstriche.
        [billingAddress-company] Geben Sie den Firmennamen ein.
        [billingAddress-vatNumber] Geben Sie eine gültige USt-IdNr./NIP ein: eine polnische NIP (10 Ziffern) oder eine deutsche USt-IdNr. (DE und 9 Ziffern).
        [billingAddress-street] Geben Sie Straße und Hausnummer ein.
        [billingAddress-postcode] Geben Sie eine Postleitzahl des Landes ein: 00-000 in Polen, 5 Ziffern in Deutschland.
        [billingAddress-city] Geben Sie den Ort ein.
        [billingAddress-countryCode] Wählen Sie Polen oder Deutschland.
        [shippingAddress-firstName] Geben Sie den Vornamen des Empfängers ein.
        [shippingAddress-lastName] Geben Sie den Nachnamen des Empfängers ein.
        [shippingAddress-street] Geben Sie Straße und Hausnummer ein.
        [shippingAddress-postcode] Geben Sie eine Postleitzahl des Landes ein: 00-000 in Polen, 5 Ziffern in Deutschland.
        [shippingAddress-city] Geben Sie den Ort ein.
        [shippingAddress-countryCode] Wählen Sie Polen oder Deutschland.
        [notes] Anmerkungen können bis zu 1000 Zeichen lang sein.
        [regulationsAccepted] Bitte akzeptieren Sie die Reservierungsbedingungen.
       *[other] Prüfen Sie dieses Feld.
    }
error-invalid-voucher-configuration = Prüfen Sie die Angaben zum Gutschein: Die markierten Felder fehlen oder sind ungültig.
    .field = { $key ->
        [for] Geben Sie an, für wen der Gutschein ist (1 bis 60 Zeichen).
        [from] Geben Sie an, von wem der Gutschein ist (1 bis 60 Zeichen).
        [message] Die Nachricht kann bis zu 300 Zeichen lang sein.
        [design] Wählen Sie ein Motiv.
        [delivery] Wählen Sie die Zustellung: per E-Mail oder per Post.
        [email] Geben Sie eine gültige E-Mail-Adresse für den Gutschein ein.
        [firstName] Geben Sie den Vornamen des Empfängers ein.
        [lastName] Geben Sie den Nachnamen des Empfängers ein.
        [street] Geben Sie Straße und Hausnummer ein.
        [postcode] Geben Sie eine Postleitzahl des Landes ein: 00-000 in Polen, 5 Ziffern in Deutschland.
        [city] Geben Sie den Ort ein.
        [countryCode] Wählen Sie Polen oder Deutschland.
       *[other] Prüfen Sie dieses Feld.
    }
error-invalid-method = Wählen Sie eine der angebotenen Methoden.
    .field = Wählen Sie eine der angebotenen Methoden.
error-order-not-found = Diese Bestellung gibt es nicht.
error-checkout-completed = Aus diesem Warenkorb ist bereits eine Bestellung geworden. Beginnen Sie einen neuen Warenkorb, um mehr zu buchen.
error-checkout-state = Dieser Schritt ist noch nicht möglich: Bitte schließen Sie zuerst die vorherigen Schritte ab.
error-cart-empty = Ihr Warenkorb ist leer.
error-items-unavailable = Etwas in Ihrem Warenkorb ist nicht mehr erhältlich. Bitte prüfen Sie Ihren Warenkorb.
error-room-just-booked = Dieses Zimmer wurde soeben für { $from } - { $to } gebucht.
error-idempotency-key-reused = Dieser Anfrageschlüssel wurde bereits für eine andere Bestellung verwendet.
error-basket-full = Ein Warenkorb fasst höchstens { $max } Positionen. Schließen Sie diese Bestellung ab und beginnen Sie eine neue.
error-price-changed = Der Preis hat sich inzwischen geändert: jetzt sind { $now } PLN statt { $was } PLN fällig. Bitte prüfen Sie den Warenkorb und bestätigen Sie erneut.
error-unpaid-limit = Unbezahlte Bestellungen dürfen höchstens { $max } Zimmernächte reservieren. Bitte bezahlen Sie diese, bevor Sie weitere buchen.
    .field = Unbezahlte Bestellungen mit dieser Adresse reservieren bereits zu viele Nächte.

error-invalid-notification = Die Zahlungsbenachrichtigung ist ungültig.
error-order-not-payable = Diese Bestellung kann jetzt nicht online bezahlt werden: Sie ist bezahlt, storniert oder per Überweisung zu zahlen.
error-payment-refused = Der Zahlungsanbieter hat die Zahlung abgelehnt. Bitte versuchen Sie es erneut oder zahlen Sie per Überweisung.
error-amount-mismatch = Der Betrag passt nicht zur Bestellung: erwartet werden { $expected } PLN.
    .field = Geben Sie den Betrag ein, den die Bestellung erwartet: { $expected } PLN.
error-invalid-transfer = Geben Sie den Verwendungszweck oder die Nummer der Überweisung vom Kontoauszug an (1 bis 140 Zeichen).
    .field = 1 bis 140 Zeichen vom Kontoauszug.
error-not-bank-transfer = Diese Bestellung wird nicht per Überweisung bezahlt.
error-order-cancelled = Diese Bestellung wurde storniert: ihre Nächte sind nicht mehr reserviert.
error-order-paid = Diese Bestellung ist bereits bezahlt.
error-transfer-reference-used = Diese Überweisung hat bereits eine andere Bestellung bezahlt.
    .field = Dieser Verwendungszweck ist bereits bei einer anderen Bestellung erfasst.
error-payment-not-found = Es gibt keine Zahlung mit dieser Nummer.
error-invalid-refund = Geben Sie die Referenz der Rückzahlung aus dem Portal des Zahlungsanbieters ein (1 bis 140 Zeichen).
    .field = 1 bis 140 Zeichen aus dem Portal des Zahlungsanbieters.
error-not-refund-due = Diese Zahlung wartet nicht auf eine Rückzahlung.
error-payment-refunded = Diese Zahlung wurde bereits unter einer anderen Referenz zurückgezahlt.
    .field = Die Rückzahlung dieser Zahlung ist bereits unter einer anderen Referenz vermerkt.
error-invalid-receipt = Geben Sie die Nummer des Belegs, des Kartenterminals oder der Überweisung ein (1 bis 140 Zeichen).
    .field = 1 bis 140 Zeichen vom Beleg, Terminal oder Kontoauszug.
error-advance-not-paid = Diese Bestellung wartet noch auf ihre erste Zahlung: Erfassen Sie zuerst diese.
error-stale-version = Jemand hat diese Bestellung inzwischen geändert. Sie wurde neu geladen: Prüfen Sie sie und versuchen Sie es erneut.
error-payment-reversed = Diese Zahlung wurde bereits storniert.
error-not-reversible = Nur an der Rezeption erfasste Zahlungen können storniert werden; eine Online-Zahlung wird beim Anbieter erstattet.
    .field = Nur an der Rezeption erfasste Zahlungen können storniert werden.
error-fee-above-policy = Die Gebühr liegt über dem, was die Stornobedingungen jetzt einbehalten: höchstens { $max } PLN.
    .field = Höchstens { $max } PLN.
error-order-not-cancellable = Diese Bestellung kann hier nicht mehr storniert werden: Es ist Geld eingegangen oder eine Zahlung läuft. Bitte wenden Sie sich an die Pension.
error-units-taken = Diese Zimmer können nicht gesperrt werden: In dieser Nacht sind sie gebucht.
error-units-needed = { $night }: So viele Zimmer sind gebucht, reserviert oder außer Betrieb, dass es nicht weniger sein können.
    .field = Am { $night } braucht es mehr Zimmer: so viele sind gebucht, reserviert oder außer Betrieb.
error-stay-started = Dieser Aufenthalt hat bereits begonnen: Er kann nicht mehr verschoben werden.
error-order-not-changeable = Die Nächte dieser Bestellung sind nicht mehr reserviert: Sie kann nicht geändert werden.
error-last-admin = Die Pension braucht einen aktiven Administrator: Machen Sie zuerst jemand anderen zum Administrator.
error-staff-not-found = Kein Teammitglied hat diese Kennung.
error-invalid-role = Wählen Sie eine Rolle: Administrator, Rezeption oder Redaktion.
error-voucher-code-unknown = Es gibt keinen Gutschein mit diesem Code. Bitte prüfen Sie ihn und versuchen Sie es erneut.
    .field = Kein Gutschein hat diesen Code.
error-voucher-not-applicable = Mit einem Gutschein bezahlen Sie einen Aufenthalt, ein Paket, eine Behandlung oder ein Produkt, aber keinen anderen Gutschein.
error-voucher-spent = Dieser Gutschein ist bereits aufgebraucht.
    .field = Dieser Gutschein ist bereits aufgebraucht.
error-voucher-expired = Dieser Gutschein ist abgelaufen.
    .field = Dieser Gutschein ist abgelaufen.
error-invalid-url = Geben Sie den Pfad der Seite an, beginnend mit /.
error-invalid-html = Der Inhalt des Blocks fehlt oder ist länger als 64 KiB.
error-page-not-found = Diese Seite gibt es nicht.
error-block-not-found = Diesen Inhaltsblock gibt es nicht.
error-revision-not-found = Diese Version des Blocks gibt es nicht.
error-block-changed = Jemand anderes hat diesen Block inzwischen gespeichert (Version { $revision }). Laden Sie ihn neu und ändern Sie ihn noch einmal.
error-too-many-slides = Das Banner hat schon { $max } Folien. Entfernen Sie eine, bevor Sie eine neue hinzufügen.
error-invalid-channel = Bitte korrigieren Sie die markierten Felder des Kanals.
error-channel-not-found = Diesen Kanal gibt es nicht, oder seine Adresse wurde widerrufen.
error-sync-running = Der Kalender dieses Kanals wird gerade importiert. Versuchen Sie es in einer Minute noch einmal.
error-invalid-question = Bitte korrigieren Sie die markierten Felder.
    .field = { $key ->
        [productCode] Wählen Sie das Produkt, nach dem Sie fragen.
        [customer] Geben Sie Ihren Namen ein (bis zu 100 Zeichen).
        [email] Geben Sie eine gültige E-Mail-Adresse ein.
        [phone] Geben Sie eine Telefonnummer mit mindestens 7 Zeichen ein: Ziffern sowie +, ( ), -, Leerzeichen, Punkte oder Schrägstriche.
        [message] Geben Sie Ihre Nachricht ein (bis zu 5000 Zeichen).
       *[other] Prüfen Sie dieses Feld.
    }
error-unknown-option = Wählen Sie eine der Antworten der Umfrage.
    .field = Wählen Sie eine der Antworten der Umfrage.
error-unknown-newsletter-token = Dieser Link ist nicht gültig. Vielleicht wurde er durch einen neueren ersetzt.
    .field = Dieser Link ist nicht gültig.
error-already-voted = Sie haben bereits abgestimmt. Vielen Dank!
error-weather-unavailable = Das Wetter ist im Moment nicht verfügbar.

# The order's page (/order/{token}/pay).
order-title = Ihre Bestellung
order-code-label = Buchungscode
order-paid = Vielen Dank: Ihre Zahlung ist eingegangen und Ihre Buchung bestätigt.
order-cancelled = Diese Bestellung wurde storniert, weil sie nicht rechtzeitig bezahlt wurde. Ihre Zimmer sind wieder buchbar.
order-cancelled-nights_sold = Diese Bestellung wurde storniert: Die Zahlung kam, nachdem die Zimmer verkauft waren. Sie wird erstattet; die Einzelheiten stehen in der E-Mail.
order-cancelled-staff = Diese Buchung wurde von der Pension storniert. Unsere E-Mail nennt, was erstattet wird.
order-cancelled-guest = Sie haben diese Buchung storniert. Ihre Zimmer sind wieder buchbar.
order-cancel-heading = Diese Buchung stornieren
order-cancel-note = Es wurde noch nichts bezahlt, daher ist die Stornierung kostenlos. Die Zimmer sind sofort wieder buchbar.
order-cancel-confirm = Buchung stornieren
order-cancel-refused = Diese Buchung kann hier nicht mehr storniert werden: Eine Zahlung ist eingegangen oder läuft. Bitte wenden Sie sich an die Pension.
order-transfer-heading = Per Überweisung bezahlen
order-holder = Empfänger
order-account = Kontonummer
order-bank = Bank
order-transfer-title = Verwendungszweck
order-amount = Betrag
order-left-later = Später zu zahlen
order-deadline = Wir halten Ihr Zimmer bis zum Zahlungseingang, spätestens bis
order-at-guesthouse = Sie zahlen vor Ort in der Pension, bei der Anreise:
order-mail-note = Die Übersicht mit dem Buchungscode haben wir gesendet an
order-continue = Weiter
order-online-unavailable = Die Online-Zahlung ist derzeit nicht verfügbar. Bitte bezahlen Sie per Überweisung:
order-no-account = Die Kontoverbindung für die Überweisung ist gerade nicht verfügbar. Bitte kontaktieren Sie die Pension mit Ihrem Buchungscode.
order-pay-online-przelewy24 = Online mit Przelewy24 bezahlen
order-pay-online-paypal = Mit PayPal bezahlen
order-payment-pending = Wenn Sie gerade bezahlt haben, dauert die Bestätigung einen Moment: Laden Sie die Seite in einer Minute neu. Zahlen Sie nur erneut, wenn die Zahlung nicht geklappt hat.
order-payment-failed = Die Online-Zahlung konnte nicht gestartet werden. Versuchen Sie es gleich noch einmal oder bezahlen Sie per Überweisung.
order-online-heading = Online bezahlen
order-bic = BIC / SWIFT
order-copy = Kopieren
order-copy-account = Kontonummer kopieren
order-copy-title = Verwendungszweck kopieren
order-copied-account = Kontonummer in die Zwischenablage kopiert.
order-copied-title = Verwendungszweck in die Zwischenablage kopiert.
order-summary-heading = Ihre Bestellung im Überblick
order-skip = Zum Inhalt springen
order-contact = Kontakt
order-regulations = AGB
order-links = Informationen
order-shop-name = Pension Spa & Wellness
# A page's <title>, as the app writes it (app.documentTitle).
page-title = { $page } | Pension Spa & Wellness
# The first crumb of a page's BreadcrumbList.
breadcrumb-home = Startseite
order-local-time = polnische Zeit
order-stay = { $from } – { $to }, { $nights ->
        [one] { $nights } Nacht
       *[other] { $nights } Nächte
    }
order-guests = { $count ->
        [one] { $count } Gast
       *[other] { $count } Gäste
    }
order-babies = { $count ->
        [one] { $count } Baby
       *[other] { $count } Babys
    }
order-quantity = Menge: { $count }
order-treatments = Behandlungen: { $list }
order-total = Bestellwert
order-vouchers = Mit Gutschein bezahlt
order-shipping = Versand
order-due-now = Jetzt zu zahlen
order-received = Bezahlt
