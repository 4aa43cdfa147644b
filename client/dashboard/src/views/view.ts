/** What the shell hands every view. */
export interface ViewContext {
  /** Shows a message in the page's live region (`error` in the alert region). */
  notify(text: string, kind?: 'info' | 'error'): void;
  /** Ends the session (e.g. on a 401) and shows the sign-in page with a reason. */
  signOut(why?: string): Promise<void>;
  /** Goes to another view, e.g. `go('keys')`. */
  go(route: string): void;
}

/** Renders into `main`; may return a cleanup run before the next view renders. */
export type View = (main: HTMLElement, ctx: ViewContext) => Promise<void | (() => void)>;
