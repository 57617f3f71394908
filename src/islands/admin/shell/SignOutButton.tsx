/** The Sign Out button of the portal and of the no-access notice: ends the session (session.ts). */
import { useQueryClient } from '@tanstack/react-query';
import { signOut } from '../shared/portal-session.ts';

export function SignOutButton({ className }: { className: string }) {
  const queryClient = useQueryClient();
  return (
    <button type="button" onClick={() => void signOut(queryClient)} className={className}>
      Sign Out
    </button>
  );
}
