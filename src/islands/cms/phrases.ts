/**
 * The editor's English words where they name a field's problem: the content check's own words
 * ("Description must be 50–170 characters", "Image is missing"), not the editor's default "didn't match the
 * pattern".
 */
type Phrases = Record<string, unknown>;

const merge = (base: Phrases, over: Phrases): Phrases =>
  Object.fromEntries(
    [...new Set([...Object.keys(base), ...Object.keys(over)])].map((key) => {
      const [a, b] = [base[key], over[key]];
      const nested = a && b && typeof a === 'object' && typeof b === 'object';
      return [key, nested ? merge(a as Phrases, b as Phrases) : (b ?? a)];
    }),
  );

export const editorPhrases = (en: Phrases): Phrases =>
  merge(en, {
    editor: {
      editorControlPane: {
        widget: { required: '%{fieldLabel} is missing.', regexPattern: '%{fieldLabel} %{pattern}.' },
      },
    },
    ui: { toast: { onFailToPersist: 'Not saved: %{details}' } },
  });
