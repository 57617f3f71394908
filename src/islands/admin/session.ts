/** Signing out: the session ends on the server, the cached user goes, and the visitor goes home (spec 8). */
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from './api.ts';

export async function signOut(queryClient: QueryClient, home = '/'): Promise<void> {
  try {
    await api('/api/auth/sign-out', { method: 'POST', body: {} });
  } catch {
    toast.error('Error signing out');
    return;
  }
  queryClient.clear();
  toast.success('Signed out successfully');
  setTimeout(() => location.assign(home), 800);
}
