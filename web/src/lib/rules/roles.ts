/**
 * Who may do what, by the roles of the logged-in customer (`/me`). The
 * gateway decides; the pages only offer what it would allow. The one copy:
 * the pages and the test content server (src/testing/mocks) read it here.
 */

/** The roles that may edit content (gateway/src/routes/pages.rs). */
export const EDITOR_ROLES: readonly string[] = ['editor', 'admin'];

/** Whether the logged-in customer (`/me`) may edit content; nobody logged in may not. */
export const canEditContent = (customer: { roles: readonly string[] } | null | undefined): boolean =>
  customer?.roles.some((role) => EDITOR_ROLES.includes(role)) ?? false;
