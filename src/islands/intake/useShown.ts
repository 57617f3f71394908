/** Which conditional fields of the intake are showing, from the live answers (docs/product.md). */
import { useWatch } from 'react-hook-form';
import { isShown, type IntakeAnswers, type IntakeField } from '../../lib/forms/intake.schema.ts';

/** A function telling whether a field is shown for the answers as they are now. */
export function useShown(): (field: IntakeField) => boolean {
  const answers = useWatch() as IntakeAnswers;
  return (field) => isShown(field, answers);
}
