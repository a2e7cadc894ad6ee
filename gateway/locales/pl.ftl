# Teksty bramy dla odwiedzających, po polsku (język domyślny). Każdy
# komunikat jest też w de.ftl i en_GB.ftl (sprawdza to test).

error-invalid-request = Żądanie jest nieprawidłowe.
    .field = Ta wartość jest nieprawidłowa.
error-invalid-parameter = Jedna z wartości żądania jest nieprawidłowa.
    .field = Ta wartość jest nieprawidłowa.
error-invalid-body = Nie udało się odczytać wysłanych danych.
    .field = Ta wartość jest nieprawidłowa.
error-invalid-characters = Żądanie zawiera niedozwolone znaki.
    .field = Ta wartość zawiera niedozwolone znaki.
error-unsupported-media-type = Dane należy wysłać w formacie JSON.
error-payload-too-large = Wysłane dane są zbyt duże.
error-unknown-channel = Sklep nie zna tego kanału sprzedaży.
error-invalid-locale = Ten język jest niedostępny. Wybierz polski, niemiecki lub angielski.
error-invalid-limit = Liczba pozycji na stronie musi wynosić od 1 do 1000.
error-invalid-sorting = Takie sortowanie jest niedostępne.
error-invalid-price-range = Zakres cen jest nieprawidłowy: cena dolna musi wynosić co najmniej 0 i nie może przekraczać górnej.
    .field = Podaj cenę co najmniej 0, nie wyższą od ceny górnej.
error-invalid-nights = Filtr długości pobytu jest nieprawidłowy: wybierz 3, 4, 5 lub 6 dni (tylko pakiety).
error-invalid-settings = Niektóre ustawienia są nieprawidłowe: popraw zaznaczone pola.
    .field = { $key ->
        [depositPercent] Podaj udział od 0 do 100%.
        [bankTransferHoldDays] Podaj od 1 do 14 dni.
        [onlineHoldMinutes] Podaj od 15 do 1440 minut.
        [cancellationFreeDays] Podaj od 0 do 365 dni.
        [cancellationFeePercent] Podaj udział od 0 do 100%.
        [methods] Metodę można oferować dopiero, gdy jest gotowa: klucze dostawcy ustawione w środowisku, a dla przelewu podane konto.
        [bankAccount-iban] Podaj prawidłowy numer IBAN, np. PL61 1090 1014 0000 0712 1981 2874.
        [bankAccount-holder] Podaj właściciela rachunku (do 200 znaków).
       *[other] Sprawdź tę wartość.
    }
error-invalid-product = Niektóre pola oferty są nieprawidłowe: popraw zaznaczone.
    .field = Sprawdź to pole: nazwa 1–120 znaków, adres z małych liter, cyfr i pojedynczych myślników, cena od 1 zł, cena przed promocją wyższa od ceny, stan magazynu tylko dla produktów, czas trwania zabiegu 5–600 minut, daty w dobrej kolejności, daty promocji tylko z ceną przed promocją.
error-product-exists = Oferta o tym kodzie już istnieje.
    .field = Ten kod jest zajęty: wybierz inny.
error-slug-taken = Inna oferta ma już ten adres w tym języku.
    .field = Ten adres jest zajęty: wybierz inny.
error-stock-changed = Stan magazynu zmienił się, odkąd otwarto ofertę (ktoś właśnie kupił). Wczytaj ją ponownie i sprawdź stan.
    .field = Stan zmienił się w międzyczasie: wczytaj ofertę ponownie.
error-invalid-picture = Tego zdjęcia nie można dodać.
    .field = Wybierz zdjęcie JPEG, PNG lub WebP, do 8 MB, co najmniej 800 × 600 i najwyżej 8000 × 8000 pikseli.
error-invalid-room-type = Ustawienia pokoju się wykluczają: popraw zaznaczone pola.
    .field = { $key ->
        [maxOccupancy] Najwięcej osób: nie mniej niż standardowo i najwyżej 12.
        [extraBed] Dostawka jest potrzebna dokładnie wtedy, gdy pokój mieści więcej osób niż standardowo.
       *[other] Sprawdź tę wartość.
    }
error-invalid-seasons = Niektóre sezony są nieprawidłowe: popraw zaznaczone pola.
    .field = Sprawdź: nazwa 1–60 znaków, inna niż pozostałych; dni w postaci MM-DD, które są w kalendarzu; udział 50–300%.
error-picture-not-found = Tego zdjęcia nie ma już w ofercie.
error-unknown-taxon = Taka kategoria nie istnieje.
error-too-many-taxons = Wybrano naraz zbyt wiele kategorii.
error-invalid-stay = Sprawdź daty pobytu: przyjazd od dziś, wyjazd po przyjeździe, w granicach minimalnej i maksymalnej długości pobytu, najpóźniej rok od dziś.
    .field = Sprawdź tę datę.
error-invalid-guests = Sprawdź liczbę gości: 1 lub 2 dorosłych, do 2 dzieci i do 2 niemowląt, w granicach pojemności pokoju.
    .field = Sprawdź liczbę gości.
error-invalid-configuration = Taka konfiguracja pakietu jest niemożliwa: sprawdź liczbę osób i zabiegów.
    .field = Sprawdź ten wybór.
error-invalid-token = Identyfikator koszyka jest nieprawidłowy.
error-weak-token = Identyfikator koszyka jest zbyt łatwy do odgadnięcia.
error-invalid-email = Podaj prawidłowy adres e-mail.
    .field = Podaj prawidłowy adres e-mail.
error-invalid-name = Podaj imię i nazwisko.
    .field = Wpisz je (najwyżej 60 znaków).
error-unknown-package = Taki pakiet nie istnieje.
error-invalid-item-type = Tego rodzaju pozycji nie można dodać do koszyka.
    .field = Wybierz produkt, zabieg, voucher, pakiet lub rezerwację.
error-unknown-product = Ten produkt nie istnieje lub nie można go dodać w ten sposób.
    .field = Nie ma takiego produktu.
error-invalid-quantity = Ta ilość nie jest możliwa dla tej pozycji.
    .field = Wybierz ilość w podanych granicach.
error-invalid-price-option = Wybierz jedną z wartości vouchera.
    .field = Wybierz jedną z wartości vouchera.
error-package-needs-stay = Ten pakiet obejmuje pobyt: najpierw wybierz termin i pokój.
error-package-too-long = Pobyt jest za krótki dla tego pakietu: wybierz pobyt z co najmniej taką liczbą nocy.
    .field = Pobyt jest za krótki dla tego pakietu.
error-too-many-persons = Pakiet nie może być dla większej liczby osób niż liczba dorosłych w pobycie.
    .field = Najwyżej jedna osoba na każdego dorosłego.
error-not-a-reservation = Pakiet można dodać tylko do rezerwacji pokoju.
error-item-not-found = Tej pozycji nie ma już w Twoim koszyku.
error-product-unavailable = Tego produktu nie można obecnie kupić.
error-age-confirmation-required = Ten produkt sprzedajemy tylko osobom pełnoletnim: potwierdź, że masz ukończone 18 lat.
error-not-a-voucher = Dedykację może mieć tylko voucher prezentowy.
error-invalid-voucher-details = Sprawdź dedykację vouchera: dla kogo i od kogo (od 1 do 60 znaków) oraz wiadomość do 300 znaków.
    .field = Sprawdź to pole.
error-weak-password = Wybierz hasło o długości od 10 do 128 znaków, z co najmniej 5 różnymi znakami, inne niż Twój adres e-mail.
    .field = Wybierz dłuższe lub bardziej zróżnicowane hasło.
error-email-taken = Konto z tym adresem e-mail już istnieje. Zaloguj się.
    .field = Ten adres e-mail jest już zarejestrowany.
error-invalid-credentials = Nieprawidłowy adres e-mail lub hasło.
error-invalid-link = Ten link jest nieznany, został już użyty lub wygasł. Poproś o nowy.
error-identity-unverified-account = Istnieje konto z tym adresem e-mail, ale adres nie został jeszcze potwierdzony. Potwierdź go lub zaloguj się hasłem.
error-identity-staff-account = To konto personelu: zaloguj się adresem e-mail i hasłem.
error-not-found = Szukana strona lub pozycja nie istnieje.
error-method-not-allowed = Ta czynność nie jest tu dostępna.
error-unknown-type = Taki rodzaj oferty nie istnieje.
error-unknown-association = Taka lista podobnych pozycji nie istnieje.
error-product-not-found = Ten produkt nie istnieje lub jest już niedostępny.
error-taxon-not-found = Taka kategoria nie istnieje.
error-package-not-found = Ten pakiet nie istnieje lub jest już niedostępny.
error-unknown-room = Taki pokój nie istnieje.
error-cart-not-found = Twój koszyk wygasł. Utworzono nowy.
error-hold-not-found = Ta rezerwacja nie jest już wstrzymana.
error-conflict = Teraz nie można tego zrobić: w międzyczasie coś się zmieniło. Spróbuj ponownie.
error-cart-exists = Koszyk o tym identyfikatorze już istnieje.
error-newsletter-exists = Ten adres jest już zapisany.
error-room-unavailable = Ten pokój został właśnie zarezerwowany na wybrane dni.
error-hold-conflict = Ta rezerwacja została w międzyczasie zmieniona. Spróbuj ponownie.
error-unauthenticated = Zaloguj się, aby kontynuować.
error-not-logged-in = Nie jesteś zalogowany.
error-forbidden = Nie masz uprawnień do tej czynności.
error-request-timeout = Żądanie docierało zbyt długo. Spróbuj ponownie.
error-too-many-requests = Zbyt wiele żądań. Odczekaj { $seconds } s i spróbuj ponownie.
error-too-many-attempts = Zbyt wiele nieudanych logowań na ten adres e-mail. Spróbuj ponownie za 15 minut.
error-overloaded = Sklep jest teraz bardzo obciążony. Spróbuj ponownie za chwilę.
error-service-unavailable = Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę.
error-internal-error = Wystąpił nieoczekiwany błąd...

# Okienko pokoju (GET /{locale}/_partial/rooms/{code}).
room-max-guests = Maks. liczba osób
room-extra-bed = Możliwa dostawka
room-area = Powierzchnia

# Checkout.
error-invalid-address = Brakuje niektórych danych lub są niepoprawne: sprawdź zaznaczone pola.
    .field = { $key ->
        [customer-firstName] Podaj imię (do 60 znaków).
        [customer-lastName] Podaj nazwisko (do 60 znaków).
        [customer-email] Podaj poprawny adres e-mail.
        [customer-phone] Podaj numer telefonu, co najmniej 7 znaków: cyfry oraz +, ( ), -, spacje, kropki lub ukośniki.
        [billingAddress-company] Podaj nazwę firmy.
        [billingAddress-vatNumber] Podaj poprawny numer NIP (10 cyfr) lub niemiecki numer VAT (DE i 9 cyfr).
        [billingAddress-street] Podaj ulicę i numer.
        [billingAddress-postcode] Podaj kod pocztowy kraju: 00-000 w Polsce, 5 cyfr w Niemczech.
        [billingAddress-city] Podaj miejscowość.
        [billingAddress-countryCode] Wybierz Polskę lub Niemcy.
        [shippingAddress-firstName] Podaj imię odbiorcy.
        [shippingAddress-lastName] Podaj nazwisko odbiorcy.
        [shippingAddress-street] Podaj ulicę i numer.
        [shippingAddress-postcode] Podaj kod pocztowy kraju: 00-000 w Polsce, 5 cyfr w Niemczech.
        [shippingAddress-city] Podaj miejscowość.
        [shippingAddress-countryCode] Wybierz Polskę lub Niemcy.
        [notes] Uwagi mogą mieć do 1000 znaków.
        [regulationsAccepted] Zaakceptuj regulamin rezerwacji.
       *[other] Sprawdź to pole.
    }
error-invalid-voucher-configuration = Sprawdź dane vouchera: zaznaczonych pól brakuje lub są niepoprawne.
    .field = { $key ->
        [for] Podaj, dla kogo jest voucher (od 1 do 60 znaków).
        [from] Podaj, od kogo jest voucher (od 1 do 60 znaków).
        [message] Wiadomość może mieć do 300 znaków.
        [design] Wybierz wzór.
        [delivery] Wybierz sposób dostarczenia: e-mailem lub pocztą.
        [email] Podaj poprawny adres e-mail, na który wyślemy voucher.
        [firstName] Podaj imię odbiorcy.
        [lastName] Podaj nazwisko odbiorcy.
        [street] Podaj ulicę i numer.
        [postcode] Podaj kod pocztowy kraju: 00-000 w Polsce, 5 cyfr w Niemczech.
        [city] Podaj miejscowość.
        [countryCode] Wybierz Polskę lub Niemcy.
       *[other] Sprawdź to pole.
    }
error-invalid-method = Wybierz jedną z oferowanych metod.
    .field = Wybierz jedną z oferowanych metod.
error-order-not-found = Nie ma takiego zamówienia.
error-checkout-completed = Ten koszyk stał się już zamówieniem. Aby zarezerwować więcej, zacznij nowy koszyk.
error-checkout-state = Ten krok nie jest jeszcze dostępny: najpierw wypełnij poprzednie kroki.
error-cart-empty = Twój koszyk jest pusty.
error-items-unavailable = Czegoś w Twoim koszyku nie można już kupić. Sprawdź koszyk.
error-room-just-booked = Ten pokój został właśnie zarezerwowany na termin { $from } - { $to }.
error-idempotency-key-reused = Ten klucz żądania został już użyty dla innego zamówienia.
error-basket-full = Koszyk mieści najwyżej { $max } pozycji. Złóż to zamówienie i zacznij kolejne.
error-price-changed = Cena zmieniła się w międzyczasie: teraz do zapłaty { $now } PLN zamiast { $was } PLN. Sprawdź koszyk i potwierdź ponownie.
error-unpaid-limit = Nieopłacone zamówienia mogą wstrzymywać najwyżej { $max } nocy pokojowych. Opłać je, zanim zarezerwujesz kolejne.
    .field = Nieopłacone zamówienia na ten adres wstrzymują już zbyt wiele nocy.

error-invalid-notification = Powiadomienie o płatności jest niepoprawne.
error-order-not-payable = Tego zamówienia nie można teraz opłacić online: jest opłacone, anulowane albo płatne przelewem.
error-payment-refused = Operator płatności odrzucił płatność. Spróbuj ponownie albo zapłać przelewem.
error-amount-mismatch = Kwota przelewu nie zgadza się z zamówieniem: oczekiwano { $expected } PLN.
    .field = Wpisz kwotę, na którą czeka zamówienie: { $expected } PLN.
error-invalid-transfer = Podaj tytuł lub numer przelewu z wyciągu (od 1 do 140 znaków).
    .field = Od 1 do 140 znaków z wyciągu bankowego.
error-not-bank-transfer = To zamówienie nie jest płatne przelewem.
error-order-cancelled = To zamówienie zostało anulowane: jego noclegi nie są już zarezerwowane.
error-order-paid = To zamówienie jest już opłacone.
error-transfer-reference-used = Ten przelew opłacił już inne zamówienie.
    .field = Ten tytuł przelewu jest już zapisany przy innym zamówieniu.
error-payment-not-found = Nie ma płatności o tym numerze.
error-invalid-refund = Podaj numer zwrotu z panelu operatora płatności (od 1 do 140 znaków).
    .field = Od 1 do 140 znaków z panelu operatora płatności.
error-not-refund-due = Ta płatność nie czeka na zwrot.
error-payment-refunded = Ta płatność została już zwrócona pod innym numerem zwrotu.
    .field = Zwrot tej płatności jest już zapisany pod innym numerem.
error-invalid-receipt = Podaj numer paragonu, terminala kart albo przelewu (od 1 do 140 znaków).
    .field = Od 1 do 140 znaków z paragonu, terminala albo wyciągu.
error-advance-not-paid = To zamówienie czeka jeszcze na pierwszą płatność: najpierw zapisz ją.
error-stale-version = Ktoś w międzyczasie zmienił to zamówienie. Zostało odświeżone: sprawdź je i spróbuj ponownie.
error-payment-reversed = Ta płatność została już wycofana.
error-not-reversible = Wycofać można tylko wpłatę zapisaną w recepcji; płatność online zwraca się u operatora.
    .field = Wycofać można tylko wpłatę zapisaną w recepcji.
error-fee-above-policy = Opłata przekracza to, co zatrzymują teraz warunki anulowania: najwyżej { $max } PLN.
    .field = Najwyżej { $max } PLN.
error-order-not-cancellable = Tego zamówienia nie można już tu anulować: wpłynęły za nie pieniądze albo trwa płatność. Skontaktuj się z pensjonatem.
error-units-taken = Tych pokoi nie można wyłączyć ze sprzedaży: tej nocy są zarezerwowane.
error-units-needed = { $night }: tyle pokoi jest zarezerwowanych, zajętych lub wyłączonych ze sprzedaży, że ich liczba nie może być mniejsza.
    .field = Na { $night } potrzeba więcej pokoi: tyle jest zarezerwowanych, zajętych lub wyłączonych.
error-stay-started = Ten pobyt już się rozpoczął: nie można go przenieść.
error-order-not-changeable = Noce tego zamówienia nie są już zarezerwowane: nie można go zmienić.
error-last-admin = Pensjonat musi mieć aktywnego administratora: najpierw nadaj tę rolę komuś innemu.
error-staff-not-found = Nie ma takiej osoby w zespole.
error-invalid-role = Wybierz rolę: administrator, recepcja albo redakcja treści.
error-voucher-code-unknown = Nie ma vouchera o tym kodzie. Sprawdź kod i spróbuj ponownie.
    .field = Nie ma vouchera o tym kodzie.
error-voucher-not-applicable = Voucherem można zapłacić za pobyt, pakiet, zabieg lub produkt, ale nie za inny voucher.
error-voucher-spent = Ten voucher został już wykorzystany.
    .field = Ten voucher został już wykorzystany.
error-voucher-expired = Ten voucher stracił ważność.
    .field = Ten voucher stracił ważność.
error-invalid-url = Podaj ścieżkę strony zaczynającą się od /.
error-invalid-html = Treść bloku jest pusta albo dłuższa niż 64 KiB.
error-page-not-found = Nie ma takiej strony.
error-block-not-found = Nie ma takiego bloku treści.
error-revision-not-found = Nie ma takiej wersji tego bloku.
error-block-changed = W międzyczasie ktoś inny zapisał ten blok (wersja { $revision }). Wczytaj go ponownie i wprowadź zmianę jeszcze raz.
error-too-many-slides = Baner ma już { $max } slajdów. Usuń jeden, zanim dodasz nowy.
error-invalid-channel = Popraw zaznaczone pola kanału.
error-channel-not-found = Nie ma takiego kanału albo jego adres został unieważniony.
error-sync-running = Kalendarz tego kanału jest właśnie importowany. Spróbuj ponownie za minutę.
error-invalid-question = Popraw zaznaczone pola.
    .field = { $key ->
        [productCode] Wybierz produkt, o który pytasz.
        [customer] Podaj imię i nazwisko (do 100 znaków).
        [email] Podaj poprawny adres e-mail.
        [phone] Podaj numer telefonu o długości co najmniej 7 znaków: cyfry oraz +, ( ), -, spacje, kropki lub ukośniki.
        [message] Wpisz wiadomość (do 5000 znaków).
       *[other] Sprawdź to pole.
    }
error-unknown-option = Wybierz jedną z odpowiedzi ankiety.
    .field = Wybierz jedną z odpowiedzi ankiety.
error-unknown-newsletter-token = Ten link jest nieprawidłowy. Być może zastąpił go nowszy.
    .field = Ten link jest nieprawidłowy.
error-already-voted = Już oddałeś głos. Dziękujemy!
error-weather-unavailable = Pogoda jest w tej chwili niedostępna.

# The order's page (/order/{token}/pay).
order-title = Twoje zamówienie
order-code-label = Kod rezerwacji
order-paid = Dziękujemy: płatność dotarła, a rezerwacja jest potwierdzona.
order-cancelled = To zamówienie zostało anulowane, bo nie zostało opłacone na czas. Jego pokoje są znów dostępne.
order-cancelled-nights_sold = To zamówienie zostało anulowane: płatność dotarła po sprzedaży pokoi. Zwrócimy ją; szczegóły są w e-mailu.
order-cancelled-staff = Tę rezerwację anulował pensjonat. W e-mailu od nas jest informacja o zwrocie.
order-cancelled-guest = Rezerwacja została anulowana na Twoją prośbę. Jej pokoje wróciły do sprzedaży.
order-cancel-heading = Anuluj tę rezerwację
order-cancel-note = Nic jeszcze nie zostało zapłacone, więc anulowanie jest bezpłatne. Pokoje od razu wrócą do sprzedaży.
order-cancel-confirm = Anuluj rezerwację
order-cancel-refused = Tej rezerwacji nie można już tu anulować: płatność dotarła lub jest w toku. Skontaktuj się z pensjonatem.
order-transfer-heading = Zapłać przelewem
order-holder = Odbiorca
order-account = Numer konta
order-bank = Bank
order-transfer-title = Tytuł przelewu
order-amount = Kwota
order-left-later = Pozostało do zapłaty później
order-deadline = Rezerwujemy pokój do wpłynięcia płatności, najpóźniej do
order-at-guesthouse = Zapłacisz na miejscu, w pensjonacie, przy przyjeździe:
order-mail-note = Podsumowanie zamówienia z kodem rezerwacji wysłaliśmy na adres
order-continue = Dalej
order-online-unavailable = Płatność online jest w tej chwili niedostępna. Prosimy o przelew:
order-no-account = Numer rachunku do przelewu nie jest teraz dostępny. Skontaktuj się z pensjonatem, podając kod rezerwacji.
order-pay-online-przelewy24 = Zapłać online przez Przelewy24
order-pay-online-paypal = Zapłać przez PayPal
order-payment-pending = Jeśli właśnie zapłaciłeś, potwierdzenie potrwa chwilę: odśwież stronę za minutę. Zapłać ponownie tylko wtedy, gdy płatność się nie udała.
order-payment-failed = Nie udało się rozpocząć płatności online. Spróbuj ponownie za chwilę albo zapłać przelewem.
order-online-heading = Zapłać online
order-bic = BIC / SWIFT
order-copy = Kopiuj
order-copy-account = Kopiuj numer konta
order-copy-title = Kopiuj tytuł przelewu
order-copied-account = Numer konta skopiowany do schowka.
order-copied-title = Tytuł przelewu skopiowany do schowka.
order-summary-heading = Podsumowanie zamówienia
order-skip = Przejdź do treści
order-contact = Kontakt
order-regulations = Regulamin
order-links = Informacje
order-shop-name = Pensjonat Spa & Wellness
# A page's <title>, as the app writes it (app.documentTitle).
page-title = { $page } | Pensjonat Spa & Wellness
# The first crumb of a page's BreadcrumbList.
breadcrumb-home = Strona główna
order-local-time = czasu polskiego
order-stay = { $from } – { $to }, { $nights ->
        [one] { $nights } noc
        [few] { $nights } noce
       *[many] { $nights } nocy
    }
order-guests = { $count ->
        [one] { $count } gość
       *[many] { $count } gości
    }
order-babies = { $count ->
        [one] { $count } niemowlę
        [few] { $count } niemowlęta
       *[many] { $count } niemowląt
    }
order-quantity = Ilość: { $count }
order-treatments = Zabiegi: { $list }
order-total = Wartość zamówienia
order-vouchers = Opłacone bonem
order-shipping = Wysyłka
order-due-now = Do zapłaty teraz
order-received = Zapłacono
