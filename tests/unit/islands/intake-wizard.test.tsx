// @vitest-environment happy-dom
/**
 * The wizard walks the shared step list: each step shows its title, and Next validates exactly the fields
 * the list gives that step (the step bar marks only the steps whose Next was pressed).
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import IntakeWizard from '../../../src/islands/intake/IntakeWizard.tsx';
import { DRAFT_KEY } from '../../../src/islands/intake/draft.ts';
import { intakeSteps } from '../../../src/lib/forms/intake.schema.ts';
import { failingIntakeFields, intakeWithEmptyFollowUps } from '../../fixtures/forms.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const draftValues = intakeWithEmptyFollowUps();

/** How many of a step's fields fail for the draft, by the schema alone. */
const failingIn = (fields: readonly string[]) => {
  const failed = failingIntakeFields(draftValues);
  return fields.filter((f) => failed.includes(f)).length;
};

async function mount() {
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ values: draftValues, step: 0, savedAt: Date.now() }));
  const el = document.body.appendChild(document.createElement('div'));
  await act(async () =>
    createRoot(el).render(<IntakeWizard auditName="Lift Audit" thankYouPath="/thanks" bookingUrl="https://book" />),
  );
  return el;
}

const button = (el: HTMLElement, name: string | RegExp) => {
  const found = [...el.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? b.textContent === name : name.test(b.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

const click = (b: HTMLElement) =>
  act(async () => {
    b.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the intake wizard', () => {
  it('shows each step of the list and validates, on Next, exactly the fields the list gives it', async () => {
    const el = await mount();
    await click(button(el, 'Resume my answers'));
    const bar = () => [...el.querySelectorAll('nav[aria-label="Intake steps"] button')];
    for (const [index, step] of intakeSteps.slice(0, 4).entries()) {
      await click(bar()[index] as HTMLElement);
      expect(el.querySelector('#intake-step-heading')?.textContent).toBe(step.title);
      await click(button(el, /^Next Section: /));
      expect(el.querySelector('#intake-step-heading')?.textContent).toBe(step.title); // held back by its errors
      const count = failingIn(step.fields);
      expect(el.querySelector('[role="status"]')?.textContent).toMatch(
        new RegExp(`^${count} answers? needs? your attention in ${step.title.replace(/[()&]/g, '\\$&')}: `),
      );
      const marked = bar().map((b) => b.textContent?.includes('Needs attention'));
      expect(marked).toEqual(intakeSteps.map((_, i) => i <= index));
    }
  });
});
