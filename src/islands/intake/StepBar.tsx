/** The bar of the five steps (medium and wider screens): where the visitor is, which steps need attention. */
import { wizardSteps } from './steps.ts';

interface Props {
  step: number;
  /** The indexes of the steps with an answer that shows an error. */
  errorSteps: ReadonlySet<number>;
  onJump: (index: number) => void;
}

const tone = (i: number, step: number) =>
  i === step
    ? 'border-accent-500 font-semibold text-ink'
    : i < step
      ? 'border-brand-600 text-slate-700 hover:text-ink'
      : 'border-slate-200 text-slate-600 hover:text-ink';

export function StepBar({ step, errorSteps, onJump }: Props) {
  return (
    <nav aria-label="Intake steps" className="mb-8 hidden md:block">
      <ol className="grid grid-cols-5 gap-2">
        {wizardSteps.map(({ id, title }, i) => (
          <li key={id}>
            <button
              type="button"
              onClick={() => onJump(i)}
              aria-current={i === step ? 'step' : undefined}
              className={`flex h-full w-full flex-col items-start rounded-md border-t-4 px-2 pt-2 pb-1 text-left text-sm ${tone(i, step)}`}
            >
              <span className="text-xs tracking-wide text-slate-600 uppercase">Step {i + 1}</span>
              <span>{title}</span>
              {errorSteps.has(i) && <span className="text-xs font-medium text-red-700">Needs attention</span>}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
