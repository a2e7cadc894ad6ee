-- The number of the last change to availability: bumped in the transaction
-- of every change, carried by its rooms.availability.changed events, and
-- read with the nights by every search, so a reader that has seen an event
-- can tell an answer that does not show it yet. Versions follow commit
-- order: the row is locked from the bump to the commit.
CREATE TABLE inventory_version (
    id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO inventory_version (id, version) VALUES (1, 0);
