-- A block taken off its page (a slide of the home page's banner) keeps its
-- row and revisions: the demo content adds only what the store lacks, so a
-- removed demo slide never comes back at the next start.
ALTER TABLE blocks ADD COLUMN removed_at BIGINT;
