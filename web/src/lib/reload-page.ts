/** A fresh load of the current page (the way to try again after code failed to load). */
export function reloadPage(): void {
  window.location.reload();
}
