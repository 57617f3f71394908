/**
 * The site's buttons, and links that look like one, as class names: a variant (colours and weight) and a
 * size (box and type). The portal's islands and ButtonLink.astro both build their buttons from this one map.
 */

export const buttonVariants = {
  /** The public pages' call to action. */
  accent: 'bg-accent-500 font-semibold text-white hover:bg-accent-600',
  /** The main action of a portal screen or form. */
  primary: 'bg-brand-800 font-semibold text-white hover:bg-brand-900',
  /** A second action beside it, outlined. */
  secondary: 'font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50',
  /** Outlined on a light page section (the public pages' second call to action). */
  light: 'bg-white font-semibold text-brand-900 ring-1 ring-brand-200 hover:bg-brand-50',
  /** Outlined on a dark page section. */
  ghost: 'font-semibold text-white ring-1 ring-white/60 hover:bg-white/10',
  /** An action that settles a record (Mark as Replied). */
  positive: 'font-semibold text-green-900 ring-1 ring-green-300 hover:bg-green-50',
  /** The action of an error panel (Try again). */
  alert: 'bg-red-800 font-semibold text-white hover:bg-red-900',
  /** A second action on an error panel, outlined. */
  alertOutline: 'font-semibold text-red-900 ring-1 ring-red-300 hover:bg-white',
  /** A plain outlined control, such as the pager's. */
  plain: 'ring-1 ring-slate-300',
  /** Looks like a link: opening, closing, editing or downloading a record. */
  link: 'font-semibold text-brand-700 underline',
  /** Looks like a link that removes something. */
  destructiveLink: 'font-semibold text-red-700 underline',
} as const;

export const buttonSizes = {
  /** A large call to action on the public pages. */
  lg: 'rounded-md px-6 py-3',
  /** The account forms' submit buttons. */
  form: 'rounded-md px-4 py-2.5',
  md: 'rounded-md px-4 py-2',
  /** Toolbars, tabs and the portal's lists. */
  sm: 'rounded-md px-4 py-2 text-sm',
  /** An action inside a row. */
  xs: 'rounded-md px-3 py-1 text-sm',
  /** No box: for the link variants, in the surrounding text's size. */
  inline: '',
  /** No box, small text. */
  inlineSm: 'text-sm',
} as const;

export type ButtonVariant = keyof typeof buttonVariants;
export type ButtonSize = keyof typeof buttonSizes;

/** The class names of a button of `variant` and `size` (a disabled one fades and shows it cannot be used). */
export function buttonClass({ variant = 'primary', size = 'md' }: { variant?: ButtonVariant; size?: ButtonSize } = {}) {
  return [buttonSizes[size], buttonVariants[variant], 'disabled:cursor-not-allowed disabled:opacity-60']
    .filter(Boolean)
    .join(' ');
}
