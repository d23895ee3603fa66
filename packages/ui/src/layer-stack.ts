/**
 * The open modal layers (dialogs, curtains), innermost last. Only the top one answers Esc and
 * keeps focus; the page scroll stays locked while any is open (§2), and the scrollbar's width is
 * kept as padding so the page does not shift when it disappears. Touches `document` only when a
 * layer opens (never at import time: the shell frame will be rendered on the server).
 */
const layers: object[] = [];
let saved: { overflow: string; paddingRight: string } | null = null;

function lockScroll() {
  const { body, documentElement } = document;
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
}

function unlockScroll() {
  if (!saved) return;
  document.body.style.overflow = saved.overflow;
  document.body.style.paddingRight = saved.paddingRight;
  saved = null;
}

export function openLayer(layer: object): void {
  if (layers.length === 0) lockScroll();
  layers.push(layer);
}

export function closeLayer(layer: object): void {
  const index = layers.indexOf(layer);
  if (index >= 0) layers.splice(index, 1);
  if (layers.length === 0) unlockScroll();
}

export function isTopLayer(layer: object): boolean {
  return layers[layers.length - 1] === layer;
}

export const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The keyboard-focusable elements inside `root`, in tab order (tabindex > 0 is not used here). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}
