-- The orders whose front desk facts are still to be filled in from their
-- summaries (Orders::fill_desk_facts, at every start): found by a partial
-- index, not by reading every order.
CREATE INDEX orders_without_desk_facts ON orders (token) WHERE search_text = '';
