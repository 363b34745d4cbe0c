/**
 * A native radio group's one Tab stop: the chosen radio, or the first before a choice; the
 * others take the focus by the arrow keys only. Browsers skip a group's other radios by
 * themselves, but Chromium stopped on every radio of a group on a hydrated page, so the group
 * says it instead of leaving it to the browser.
 */
export function radioTabStop<T>(value: T, chosen: T | null, first: T): 0 | -1 {
  return value === (chosen ?? first) ? 0 : -1;
}
