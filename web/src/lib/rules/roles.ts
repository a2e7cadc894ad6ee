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

/** The roles of the front desk: the board, bookings, arrivals and orders (gateway/src/session.rs, `FrontDesk`). */
export const FRONT_DESK_ROLES: readonly string[] = ['reception', 'admin'];

/** Whether the logged-in customer works at the front desk. */
export const atFrontDesk = (customer: { roles: readonly string[] } | null | undefined): boolean =>
  customer?.roles.some((role) => FRONT_DESK_ROLES.includes(role)) ?? false;

/**
 * Whether they see the money to give back and mark it refunded (gateway/src/session.rs,
 * `Staff`: administrators); the front desk records money received.
 */
export const recordsPayments = (customer: { roles: readonly string[] } | null | undefined): boolean =>
  customer?.roles.includes('admin') ?? false;
