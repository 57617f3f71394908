/**
 * The message under a field of the portal's account forms. `problem.n` counts the refusals, so the same
 * words a second time are a new element and a screen reader announces them again.
 */
export interface Problem {
  text: string;
  n: number;
}

export function FieldProblem({ id, problem }: { id: string; problem: Problem | null }) {
  if (!problem) return null;
  return (
    <p key={problem.n} id={id} role="alert" className="mt-1 text-sm font-medium text-red-700">
      {problem.text}
    </p>
  );
}
