/**
 * The dashboard's charts, drawn as SVG with visx's scales and shapes (the chart library's choice and its size:
 * the decision record of the dashboard). A chart is a picture of a table beside it: it is hidden from screen
 * readers, which read the table instead (ChartFigure), so it names nothing its legend and table do not.
 */
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack, LinePath } from '@visx/shape';
import type { Band, Line } from './series.ts';

// Band and line colours, each at least 3:1 against white (WCAG 1.4.11), in the order bands are drawn; full class
// names, so Tailwind finds them. The last is for "Other sources" and whatever comes after.
const fills = [
  'fill-brand-600',
  'fill-accent-500',
  'fill-violet-700',
  'fill-amber-600',
  'fill-emerald-700',
  'fill-sky-700',
  'fill-rose-600',
  'fill-slate-500',
];
const swatches = [
  'bg-brand-600',
  'bg-accent-500',
  'bg-violet-700',
  'bg-amber-600',
  'bg-emerald-700',
  'bg-sky-700',
  'bg-rose-600',
  'bg-slate-500',
];
const strokes = ['stroke-brand-700', 'stroke-accent-500', 'stroke-violet-700'];
const lineSwatches = ['bg-brand-700', 'bg-accent-500', 'bg-violet-700'];
const pick = (list: string[], index: number) => list[Math.min(index, list.length - 1)]!;

const WIDTH = 640;
const HEIGHT = 260;
const margin = { top: 12, right: 16, bottom: 28, left: 44 };

/** `2026-11-02` → `Nov 2` (a week start is a calendar day: no time zone to shift it). */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The weeks' bars (stacked bands) and lines, on one axis of counts or hours, with an optional promise line. */
export function WeekChart({
  weeks,
  bands = [],
  lines = [],
  reference,
}: {
  weeks: string[];
  bands?: Band[];
  lines?: Line[];
  reference?: { value: number; label: string };
}) {
  const innerWidth = WIDTH - margin.left - margin.right;
  const innerHeight = HEIGHT - margin.top - margin.bottom;
  const data = weeks.map((week, i) => ({
    week,
    ...Object.fromEntries(bands.map((band) => [band.label, band.values[i] ?? 0])),
  })) as ({ week: string } & Record<string, number>)[];
  const stackTop = Math.max(0, ...weeks.map((_, i) => bands.reduce((sum, b) => sum + (b.values[i] ?? 0), 0)));
  const lineTop = Math.max(0, ...lines.flatMap((l) => l.values.map((v) => v ?? 0)));
  const top = Math.max(stackTop, lineTop, reference?.value ?? 0, 1);
  const x = scaleBand<string>({ domain: weeks, range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
  // Whole numbers only when the axis counts things.
  const ticks = y.ticks(4).filter((t) => lines.length > 0 || Number.isInteger(t));
  // At most about ten week labels: a year of weeks would overlap.
  const every = Math.ceil(weeks.length / 10);
  const centre = (week: string) => (x(week) ?? 0) + x.bandwidth() / 2;

  return (
    <div aria-hidden="true">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" focusable="false">
        <Group left={margin.left} top={margin.top}>
          {ticks.map((t) => (
            <g key={t} transform={`translate(0 ${y(t)})`}>
              <line x2={innerWidth} className="stroke-slate-200" />
              <text x={-6} dy="0.32em" textAnchor="end" className="fill-slate-600 text-[12px]">
                {t}
              </text>
            </g>
          ))}
          <BarStack
            data={data}
            keys={bands.map((b) => b.label)}
            x={(d) => d.week}
            xScale={x}
            yScale={y}
            color={() => ''}
          >
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars.map((bar) => (
                  <rect
                    key={`${stack.index}-${bar.index}`}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={Math.max(0, bar.height)}
                    className={pick(fills, stack.index)}
                  />
                )),
              )
            }
          </BarStack>
          {lines.map((line, index) => (
            <LinePath
              key={line.label}
              data={line.values.map((value, i) => ({ week: weeks[i]!, value }))}
              x={(d) => centre(d.week)}
              y={(d) => y(d.value ?? 0)}
              defined={(d) => d.value !== null}
              className={`fill-none ${pick(strokes, index)}`}
              strokeWidth={2.5}
              strokeDasharray={index === 0 ? undefined : '6 3'}
            />
          ))}
          {lines.map((line, index) =>
            line.values.map((value, i) =>
              value === null ? null : (
                <circle
                  key={`${line.label}-${i}`}
                  cx={centre(weeks[i]!)}
                  cy={y(value)}
                  r={3}
                  className={`fill-white ${pick(strokes, index)}`}
                  strokeWidth={2}
                />
              ),
            ),
          )}
          {reference && (
            <g transform={`translate(0 ${y(reference.value)})`}>
              <line x2={innerWidth} className="stroke-red-700" strokeWidth={1.5} strokeDasharray="2 3" />
              <text x={innerWidth} dy="-0.4em" textAnchor="end" className="fill-red-800 text-[12px] font-semibold">
                {reference.label}
              </text>
            </g>
          )}
          <line y1={innerHeight} y2={innerHeight} x2={innerWidth} className="stroke-slate-400" />
          {weeks.map((week, i) =>
            i % every === 0 ? (
              <text
                key={week}
                x={centre(week)}
                y={innerHeight + 18}
                textAnchor="middle"
                className="fill-slate-600 text-[12px]"
              >
                {shortDay(week)}
              </text>
            ) : null,
          )}
        </Group>
      </svg>
      <Legend
        items={[
          ...bands.map((b, i) => ({ label: b.label, swatch: `h-3 w-3 ${pick(swatches, i)}` })),
          ...lines.map((l, i) => ({
            label: l.label,
            swatch: `h-1 w-5 ${pick(lineSwatches, i)}${i === 0 ? '' : ' opacity-70'}`,
          })),
          ...(reference ? [{ label: reference.label, swatch: 'h-0.5 w-5 bg-red-700' }] : []),
        ]}
      />
    </div>
  );
}

function Legend({ items }: { items: { label: string; swatch: string }[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className={`inline-block rounded-sm ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** The intake's steps as horizontal bars, the first step the full width. */
export function FunnelChart({ steps }: { steps: { label: string; count: number }[] }) {
  return <BarList bars={steps} />;
}

/** Horizontal bars, the largest the full width, each with its label and its figure (`format`ted). */
export function BarList({
  bars: steps,
  format = String,
}: {
  bars: { label: string; count: number }[];
  format?: (value: number) => string;
}) {
  const first = Math.max(1, ...steps.map((s) => s.count));
  return (
    <ol aria-hidden="true" className="space-y-2">
      {steps.map((step) => (
        <li
          key={step.label}
          className="grid grid-cols-[minmax(0,14rem)_1fr_minmax(3rem,auto)] items-center gap-3 text-sm"
        >
          <span className="truncate text-slate-700">{step.label}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-4 w-full" focusable="false">
            <rect width={100} height={10} className="fill-slate-100" />
            <rect width={(100 * step.count) / first} height={10} className="fill-brand-600" />
          </svg>
          <span className="text-right text-slate-700 tabular-nums">{format(step.count)}</span>
        </li>
      ))}
    </ol>
  );
}
