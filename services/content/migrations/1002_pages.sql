-- Pages and their blocks, per language. A page is found by its path in a
-- language (`/regulamin`, `/en/regulations`); a block is one editable piece
-- of HTML, sanitized on save, with every saved version kept.
CREATE TABLE pages (
    url          TEXT NOT NULL,
    locale       TEXT NOT NULL,
    name         TEXT NOT NULL,            -- the same page in every language
    title        TEXT NOT NULL,
    description  TEXT NOT NULL,
    PRIMARY KEY (url, locale)
);

CREATE TABLE blocks (
    id           TEXT NOT NULL,
    locale       TEXT NOT NULL,
    page         TEXT NOT NULL,            -- pages.name
    position     BIGINT NOT NULL,
    html         TEXT NOT NULL,
    revision     BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (id, locale)
);
CREATE INDEX blocks_by_page ON blocks (page, locale, position);

CREATE TABLE block_revisions (
    block_id     TEXT NOT NULL,
    locale       TEXT NOT NULL,
    revision     BIGINT NOT NULL,
    html         TEXT NOT NULL,
    editor_id    TEXT NOT NULL,            -- '' for the demo content
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (block_id, locale, revision)
);
