import { describe, expect, it } from 'vitest';
import { buttonClass } from '../../../src/lib/ui/button.ts';

const classes = (text: string) => text.split(' ').sort();

describe('buttonClass', () => {
  it('is a primary button of the middle size unless told otherwise', () => {
    expect(classes(buttonClass())).toEqual(
      classes(
        'rounded-md px-4 py-2 bg-brand-800 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:opacity-60',
      ),
    );
  });

  it('joins the size and the variant', () => {
    expect(classes(buttonClass({ variant: 'secondary', size: 'sm' }))).toEqual(
      classes(
        'rounded-md px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60',
      ),
    );
  });

  it('draws no box around a link-looking button', () => {
    expect(buttonClass({ variant: 'link', size: 'inline' })).toBe(
      'font-semibold text-brand-700 underline disabled:cursor-not-allowed disabled:opacity-60',
    );
  });
});
