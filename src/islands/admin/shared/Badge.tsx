/** A coloured status or role badge (docs/product.md's colours). */
const tones = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  slate: 'bg-slate-100 text-slate-800 ring-slate-300',
} as const;

export type Tone = keyof typeof tones;

const toneOf: Record<string, Tone> = {
  pending: 'yellow',
  reviewed: 'blue',
  completed: 'green',
  unread: 'red',
  read: 'blue',
  replied: 'green',
  admin: 'red',
  editor: 'blue',
  viewer: 'green',
  draft: 'slate',
  published: 'green',
  overdue: 'red',
  open: 'yellow',
  answered: 'green',
  sent: 'green',
  failed: 'red',
  capped: 'slate',
  suppressed: 'slate',
  delivered: 'green',
  delayed: 'yellow',
  bounced: 'red',
  complained: 'red',
  'waiting-on-us': 'yellow',
};

export function Badge({ value, label }: { value: string; label?: string }) {
  const tone = toneOf[value] ?? 'slate';
  return (
    <span
      data-tone={tone}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${tones[tone]}`}
    >
      {label ?? value}
    </span>
  );
}
