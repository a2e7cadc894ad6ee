//! Content: `GET /shop-api/pages` (a page by its path, its blocks' HTML
//! sanitized), and the editor's calls under `/shop-api/backend/blocks`,
//! for editors and administrators only (checked here on every call, with
//! the session's roles from the users service).

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spa_proto::spa::content::v1::{
    AddSlideRequest, BlockHistory, GetBlockRequest, GetPageRequest, RemoveSlideRequest, RestoreBlockRequest, SaveBlockRequest,
};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody, ErrorCode};
use crate::extract::{JsonBody, Shop, ShopParams, Validate};
use crate::session::{Editor, Script};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(page))
        .routes(routes!(block, save_block))
        .routes(routes!(restore_block))
        .routes(routes!(add_slide))
        .routes(routes!(remove_slide))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The page's path in the shop, as the browser shows it (`/regulamin`, `/en/contact`).
    #[param(example = "/regulamin", required = true, pattern = "^/[^\\u0000-\\u001F\\u007F-\\u009F]{0,199}$")]
    pub url: Option<String>,
}

/// One block of a page.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageBlock {
    /// The block's id (`/backend/block/edit/{id}` edits it).
    pub id: String,
    /// Sanitized HTML.
    pub content: String,
    pub revision: i64,
}

/// A page in a language.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageBody {
    pub url: String,
    pub locale: String,
    /// The page's name, the same in every language (`regulations`).
    pub name: String,
    /// For the document's title.
    pub title: String,
    /// For the meta description (at most 160 characters).
    pub description: String,
    /// The whole page's content, as a client that shows it in one piece reads it.
    pub containers: Containers,
    /// The same content block by block, in order, for editing and placing them apart.
    pub blocks: Vec<PageBlock>,
}

/// The page's blocks joined.
#[derive(Debug, Serialize, ToSchema)]
pub struct Containers {
    /// Sanitized HTML: every block's, in order.
    pub content: String,
}

fn page_block(b: spa_proto::spa::content::v1::Block) -> PageBlock {
    PageBlock { id: b.id, content: b.html, revision: b.revision }
}

/// A page's content
#[utoipa::path(
    get,
    path = "/shop-api/pages",
    tag = "content",
    params(PageQuery, ShopParams),
    responses(
        (status = 200, description = "The page with its blocks in order", body = PageBody),
        (status = 400, description = "No `url`, or a bad channel or locale", body = ErrorBody),
        (status = 404, description = "No page at this path in this language", body = ErrorBody),
        (status = 503, description = "The content service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn page(State(state): State<AppState>, shop: Shop, Query(q): Query<PageQuery>) -> ApiResult<Response> {
    let url = q.url.filter(|u| u.starts_with('/') && u.len() <= 200).ok_or_else(|| ApiError::field(ErrorCode::InvalidUrl, "url"))?;
    let request = GetPageRequest { url, locale: shop.code().to_owned() };
    let p = state.clients.content.clone().get_page(request).await?.into_inner();
    let body = PageBody {
        url: p.url,
        locale: p.locale,
        name: p.name,
        title: p.title,
        description: p.description,
        containers: Containers { content: p.blocks.iter().map(|b| b.html.as_str()).collect::<Vec<_>>().join("\n") },
        blocks: p.blocks.into_iter().map(page_block).collect(),
    };
    // An edit shows at once: no copy is kept along the way.
    Ok(([(header::CACHE_CONTROL, "no-cache")], Json(body)).into_response())
}

/// An earlier version of a block.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionBody {
    pub revision: i64,
    /// The editor's account id; empty for the demo content.
    pub editor_id: String,
    /// Unix milliseconds.
    pub created_at: i64,
    pub content: String,
}

/// A block in a language, as an editor sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockBody {
    pub id: String,
    pub locale: String,
    /// Sanitized HTML, as visitors see it.
    pub content: String,
    /// The latest revision: send it back with a change.
    pub revision: i64,
    /// Where the block shows in this language.
    pub page_url: String,
    /// Newest first (the latest 50).
    pub revisions: Vec<RevisionBody>,
}

fn block_body(h: BlockHistory, locale: &str) -> BlockBody {
    let b = h.block.unwrap_or_default();
    BlockBody {
        id: b.id,
        locale: locale.to_owned(),
        content: b.html,
        revision: b.revision,
        page_url: h.page_url,
        revisions: h
            .revisions
            .into_iter()
            .map(|r| RevisionBody { revision: r.revision, editor_id: r.editor_id, created_at: r.created_at_ms, content: r.html })
            .collect(),
    }
}

/// A block for editing
#[utoipa::path(
    get,
    path = "/shop-api/backend/blocks/{id}",
    tag = "content",
    params(("id" = String, Path, description = "The block's id"), ShopParams),
    responses(
        (status = 200, description = "The block in the asked language, with its revisions", body = BlockBody),
        (status = 400, description = "Bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an editor or administrator", body = ErrorBody),
        (status = 404, description = "No such block", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn block(State(state): State<AppState>, shop: Shop, _editor: Editor, Path(id): Path<String>) -> ApiResult<Response> {
    let h = state.clients.content.clone().get_block(GetBlockRequest { id, locale: shop.code().to_owned() }).await?.into_inner();
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(block_body(h, shop.code()))).into_response())
}

/// A block's new HTML.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BlockChange {
    /// Up to 64 KiB; scripts, event handlers, styles and `javascript:` links are removed.
    pub content: String,
    /// The revision the change was made from: a save made meanwhile by
    /// someone else is then a 409 `block_changed` instead of being overwritten.
    pub revision: Option<i64>,
}

impl Validate for BlockChange {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidHtml
    }
}

/// Save a block
///
/// Saved sanitized as a new revision; visitors see it at once.
#[utoipa::path(
    put,
    path = "/shop-api/backend/blocks/{id}",
    tag = "content",
    params(("id" = String, Path, description = "The block's id"), ShopParams, crate::extract::ScriptMarker),
    request_body = BlockChange,
    responses(
        (status = 200, description = "The block as saved (sanitized), with its revisions", body = BlockBody),
        (status = 400, description = "No content, more than 64 KiB, no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an editor or administrator", body = ErrorBody),
        (status = 404, description = "No such block", body = ErrorBody),
        (status = 409, description = "Saved by someone else since `revision` (`block_changed`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn save_block(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    editor: Editor,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<BlockChange>,
) -> ApiResult<Json<BlockBody>> {
    let editor_id = editor.id;
    let request = SaveBlockRequest { id, locale: shop.code().to_owned(), html: body.content, editor_id, expected_revision: body.revision };
    let h = state.clients.content.clone().save_block(request).await?.into_inner();
    Ok(Json(block_body(h, shop.code())))
}

/// Restore an earlier revision of a block
#[utoipa::path(
    post,
    path = "/shop-api/backend/blocks/{id}/revisions/{revision}/restore",
    tag = "content",
    params(("id" = String, Path, description = "The block's id"), ("revision" = i64, Path, description = "The revision to restore"), ShopParams, crate::extract::ScriptMarker),
    responses(
        (status = 200, description = "The block with the restored HTML as its latest revision", body = BlockBody),
        (status = 400, description = "No `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an editor or administrator", body = ErrorBody),
        (status = 404, description = "No such block or revision", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn restore_block(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    editor: Editor,
    Path((id, revision)): Path<(String, i64)>,
) -> ApiResult<Json<BlockBody>> {
    let editor_id = editor.id;
    let request = RestoreBlockRequest { id, locale: shop.code().to_owned(), revision, editor_id };
    let h = state.clients.content.clone().restore_block(request).await?.into_inner();
    Ok(Json(block_body(h, shop.code())))
}

/// A new slide of the home page's banner.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewSlide {
    /// Its HTML (a picture, a heading, a line and a link, as the other
    /// slides have), up to 64 KiB, sanitized; the same in every language
    /// until each is translated in the block editor.
    pub content: String,
}

impl Validate for NewSlide {
    fn error_code(_field: &str) -> ErrorCode {
        ErrorCode::InvalidHtml
    }
}

/// Add a slide to the home page's banner
///
/// For editors and administrators: the slide joins the banner last, in
/// every language, up to 12 slides; visitors see it at once.
#[utoipa::path(
    post,
    path = "/shop-api/backend/slides",
    tag = "content",
    params(ShopParams, crate::extract::ScriptMarker),
    request_body = NewSlide,
    responses(
        (status = 201, description = "The new slide in the asked language, its id new", body = BlockBody),
        (status = 400, description = "No content, more than 64 KiB, no `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an editor or administrator", body = ErrorBody),
        (status = 409, description = "The banner has 12 slides already (`too_many_slides`)", body = ErrorBody),
        (status = 422, description = "Nothing left once sanitized, or more than 64 KiB (`invalid_html`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn add_slide(
    State(state): State<AppState>,
    shop: Shop,
    _script: Script,
    editor: Editor,
    JsonBody(body): JsonBody<NewSlide>,
) -> ApiResult<(StatusCode, Json<BlockBody>)> {
    let request = AddSlideRequest { locale: shop.code().to_owned(), html: body.content, editor_id: editor.id };
    let h = state.clients.content.clone().add_slide(request).await?.into_inner();
    Ok((StatusCode::CREATED, Json(block_body(h, shop.code()))))
}

/// Remove a slide from the home page's banner
///
/// For editors and administrators: gone in every language at once; its
/// revisions are kept.
#[utoipa::path(
    delete,
    path = "/shop-api/backend/slides/{id}",
    tag = "content",
    params(("id" = String, Path, description = "The slide's block id (`home-slide-packages`)"), ShopParams, crate::extract::ScriptMarker),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, description = "No `X-Requested-With: XMLHttpRequest`, or a bad channel or locale", body = ErrorBody),
        (status = 401, description = "Not logged in", body = ErrorBody),
        (status = 403, description = "Not an editor or administrator", body = ErrorBody),
        (status = 404, description = "No such slide on the banner (`block_not_found`)", body = ErrorBody),
        (status = 429, description = "Too many changes from this client; wait", body = ErrorBody),
        (status = 503, description = "A service is unavailable; retry", body = ErrorBody),
    )
)]
pub async fn remove_slide(
    State(state): State<AppState>,
    _shop: Shop,
    _script: Script,
    editor: Editor,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    state.clients.content.clone().remove_slide(RemoveSlideRequest { id, editor_id: editor.id }).await?;
    Ok(StatusCode::NO_CONTENT)
}
