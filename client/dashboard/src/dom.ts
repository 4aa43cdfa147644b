/** Children a view may pass; falsy values are skipped so conditional parts read naturally. */
export type Child = Node | string | number | null | undefined | false;
type AttrValue = string | number | boolean | null | undefined | ((event: any) => void);

/**
 * Creates an element. `on*` attributes become listeners, `true` an empty attribute, falsy
 * values are left out; text always goes through text nodes (never innerHTML), so user and
 * server strings cannot inject markup.
 * @example h('button', { type: 'button', onclick: save }, 'Save')
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, AttrValue> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces every child of `parent`. */
export function replace(parent: Node, ...children: Child[]): void {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, ...children);
}

let ids = 0;
/** A unique element id, for label/aria wiring. */
export const uid = (prefix: string): string => `${prefix}-${++ids}`;

/** A labelled form control: `<label for>` plus the control, in one block. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLDivElement {
  if (!control.id) control.id = uid('f');
  const hintEl = hint ? h('small', { id: `${control.id}-hint`, class: 'hint' }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, hintEl);
}
