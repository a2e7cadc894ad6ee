-- What the guesthouse sets per room type and night (the back office's rate
-- calendar): units out of order (not for sale, never below what is taken),
-- a minimum and maximum stay for arrivals that night (0: the room type's
-- minimum, no maximum), closed to arrival and to departure, and whether the
-- rate was set by hand (kept when seasons change).
ALTER TABLE inventory ADD COLUMN out_of_order BIGINT NOT NULL DEFAULT 0;
ALTER TABLE inventory ADD COLUMN min_stay BIGINT NOT NULL DEFAULT 0;
ALTER TABLE inventory ADD COLUMN max_stay BIGINT NOT NULL DEFAULT 0;
ALTER TABLE inventory ADD COLUMN closed_to_arrival BIGINT NOT NULL DEFAULT 0;
ALTER TABLE inventory ADD COLUMN closed_to_departure BIGINT NOT NULL DEFAULT 0;
ALTER TABLE inventory ADD COLUMN rate_set BIGINT NOT NULL DEFAULT 0;
