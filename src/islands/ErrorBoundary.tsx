/**
 * Every island renders inside this boundary: a render error shows the router fallback of docs/decisions/0018-error-boundary-fallback.md
 * ('Unexpected Application Error!' with the message) in place of the island, not a blank page.
 */
import { Component, type ComponentType, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="mx-auto my-8 max-w-xl rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
        <h2 className="text-lg font-semibold">Unexpected Application Error!</h2>
        <p className="mt-2 font-mono text-sm">{error.message}</p>
      </div>
    );
  }
}

/** Wraps an island's root component in the error boundary. */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `WithErrorBoundary(${Inner.displayName ?? Inner.name})`;
  return Bounded;
}
