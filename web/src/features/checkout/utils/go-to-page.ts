/** A full page load of another part of the site (the payment site: /order/{token}/pay, spec 2.1). */
export function goToPage(url: string): void {
  window.location.assign(url);
}
