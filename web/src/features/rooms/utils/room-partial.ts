/**
 * Prepares the room popup's fragment for insertion.
 *
 * Why inserting server HTML is safe here: the fragment comes from our own
 * gateway on the same origin (`/{locale}/_partial/rooms/{code}`), which
 * builds it from a fixed template and HTML-escapes every value it puts in
 * (name, description, image path; see gateway/src/routes/rooms.rs), so
 * catalog content cannot become markup. As a second line of defence the
 * fragment is parsed in an inert <template> (nothing runs or loads there)
 * and anything active is dropped before it reaches the page: scripts and
 * other embedding elements, event-handler attributes and `javascript:` URLs.
 *
 * The fragment's own heading (the room name) is dropped too: the dialog's
 * title already says it.
 */
const ACTIVE_ELEMENTS = 'script, style, iframe, frame, object, embed, link, meta, base, form, template';
const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href'];

export function prepareRoomPartial(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content;

  for (const element of Array.from(root.querySelectorAll(ACTIVE_ELEMENTS))) element.remove();
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const unsafeUrl = URL_ATTRIBUTES.includes(name) && /^\s*(javascript|vbscript|data):/i.test(attribute.value);
      if (name.startsWith('on') || unsafeUrl) element.removeAttribute(attribute.name);
    }
  }
  root.querySelector('h1, h2')?.remove();

  return template.innerHTML;
}
