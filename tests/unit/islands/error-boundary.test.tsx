// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withErrorBoundary } from '../../../src/islands/ErrorBoundary.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken({ fail }: { fail: boolean }): React.ReactNode {
  if (fail) throw new Error('menu data missing');
  return <p>fine</p>;
}
const Island = withErrorBoundary(Broken);

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('island error boundary', () => {
  it('renders the island when nothing fails', async () => {
    const el = document.body.appendChild(document.createElement('div'));
    await act(async () => createRoot(el).render(<Island fail={false} />));
    expect(el.textContent).toBe('fine');
  });

  it("shows 'Unexpected Application Error!' with the message when the island throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = document.body.appendChild(document.createElement('div'));
    await act(async () => createRoot(el).render(<Island fail />));
    expect(el.querySelector('[role="alert"] h2')?.textContent).toBe('Unexpected Application Error!');
    expect(el.textContent).toContain('menu data missing');
  });
});
