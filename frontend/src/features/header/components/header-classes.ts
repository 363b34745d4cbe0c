/** Link styles shared by the header's bar and its mobile menu. */
export const desktopLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground';
export const desktopActiveClass = 'bg-accent text-accent-foreground';
export const mobileLinkClass =
  'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium text-foreground hover:bg-accent hover:text-accent-foreground';
export const mobileActiveClass = 'bg-accent text-accent-foreground';
