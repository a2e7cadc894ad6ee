/**
 * The marker the gateway requires on logins and on every change made with
 * the session cookie (gateway/src/routes/me.rs, `require_script`; the
 * content editor's saves, gateway/src/routes/pages.rs): a form on another
 * site cannot send it, so it guards these calls against cross-site requests
 * beside the SameSite cookie.
 */
export const SCRIPT_MARKER = { 'X-Requested-With': 'XMLHttpRequest' } as const;
