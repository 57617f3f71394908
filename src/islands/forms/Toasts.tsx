/**
 * Sonner's toaster with the product's defaults (docs/decisions/0019-toasts-and-date-formats.md: 4 seconds, at most 3 visible). Several form
 * islands can sit on one page; only the first one mounted renders the toaster, since `toast()` is shared.
 */
import { useEffect, useState } from 'react';
import { Toaster } from 'sonner';

let owner: symbol | null = null;

export function Toasts() {
  const [mine, setMine] = useState(false);
  useEffect(() => {
    const me = Symbol('toaster');
    if (owner) return;
    owner = me;
    setMine(true);
    return () => {
      if (owner === me) owner = null;
    };
  }, []);
  return mine ? <Toaster position="top-center" duration={4000} visibleToasts={3} closeButton /> : null;
}
