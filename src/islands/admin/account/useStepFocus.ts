/**
 * A screen of steps (Account security, Active sessions) announces each new step by moving the focus to its
 * heading; not on the first render, where the page's own focus stays where it is. Returns the heading's ref.
 */
import { useEffect, useRef } from 'react';

export function useStepFocus(step: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}
