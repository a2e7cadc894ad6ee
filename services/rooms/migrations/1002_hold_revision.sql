-- The front desk moves a booking's nights (`Move`): each move names the
-- order's version after it, and a move older than the last one applied is
-- refused, so two receptionists' moves of one booking cannot interleave.
ALTER TABLE holds ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
