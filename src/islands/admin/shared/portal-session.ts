/**
 * The portal's side of a session: signing out (the session ends on the server, the cached user goes, and
 * the visitor goes home), the tab to reopen after a session ran out (docs/security.md), and the lead a link opens.
 */
import type { QueryClient } from '@tanstack/react-query';
import { authCall } from './auth-client.ts';
import { clearReportDrafts } from './report-drafts.ts';

/** The signed-in user and their roles, as `/api/admin/me` answers. */
export type { Me } from '../../../features/accounts/contract.ts';

// Per browser tab (sessionStorage), so two portal tabs side by side each keep their own.
const TAB_KEY = 'admin.tab';

// Set once the user chose to sign out: the 401s that follow are theirs, not an expired session.
let signingOut = false;

/** Whether the user signed out in this page (so an empty session is not news to them). */
export const signedOutByUser = (): boolean => signingOut;

/** Remembers the portal tab the user is on. */
export function rememberTab(id: string): void {
  try {
    sessionStorage.setItem(TAB_KEY, id);
  } catch {
    // Storage may be off (private mode, quota): the portal then opens on its first tab, as before.
  }
}

/** The portal tab the user was last on in this browser tab, if any. */
export function rememberedTab(): string | null {
  try {
    return sessionStorage.getItem(TAB_KEY);
  } catch {
    return null;
  }
}

/** Takes `?lead=` off the address once the user leaves that lead, so a reload opens the list. */
export function forgetLinkedLead(): void {
  try {
    const url = new URL(location.href);
    if (!url.searchParams.has('lead')) return;
    url.searchParams.delete('lead');
    history.replaceState(history.state, '', url);
  } catch {
    // No history to edit (tests): nothing to forget.
  }
}

// The token of the password-reset or confirmation link this page was opened with, once it is off the address.
let resetToken: string | null = null;
// Which of the two it was: a confirmation link chooses the first password of an account (its address confirmed).
let confirming = false;
// The notice a link asked for (`?link=replaced`: an old confirmation link, which no longer confirms anything).
let linkNotice: string | null = null;

/**
 * The token of a password-reset link (`/admin?reset=<token>`) or a confirmation link (`/admin?confirm=<token>`),
 * both of which choose a password: taken off the address at once (so it is not left in the history, a bookmark,
 * a shared screen or an analytics hit) and kept in memory for the form. `?link=` goes with them.
 */
export function takeResetToken(): string | null {
  try {
    const url = new URL(location.href);
    for (const name of ['reset', 'confirm', 'link']) {
      if (!url.searchParams.has(name)) continue;
      const value = url.searchParams.get(name) || null;
      if (name === 'link') linkNotice = value;
      else [resetToken, confirming] = [value, name === 'confirm'];
      url.searchParams.delete(name);
      history.replaceState(history.state, '', url);
    }
  } catch {
    // No address to read (tests): nothing to take.
  }
  return resetToken;
}

/** Whether the token is a confirmation link's (the account's first password), not a reset's. */
export const isConfirmation = (): boolean => confirming;

/** The notice the portal was opened with (`replaced`: an old confirmation link), if any. */
export const openedLinkNotice = (): string | null => linkNotice;

/** Forgets the reset token (used, or given up). */
export function forgetResetToken(): void {
  resetToken = null;
  confirming = false;
}

/** Forgets the remembered tab (signing out: the next person starts on the first tab). */
export function forgetTab(): void {
  try {
    sessionStorage.removeItem(TAB_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Signs out on the server, clears the cached data, the remembered tab and the report drafts, and goes to `home`. */
export async function signOut(queryClient: QueryClient, home = '/'): Promise<void> {
  // The toasts' library is not part of the page's first load (this module is): it comes with the click.
  const { toast } = await import('sonner');
  try {
    await authCall((auth) => auth.signOut());
  } catch {
    toast.error('Error signing out');
    return;
  }
  signingOut = true;
  forgetTab();
  clearReportDrafts();
  queryClient.clear();
  toast.success('Signed out successfully');
  setTimeout(() => location.assign(home), 800);
}
