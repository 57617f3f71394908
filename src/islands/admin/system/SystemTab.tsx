/**
 * The System page (admins only, its own lazy chunk): how the site is doing, part by part, in plain words, with what
 * to do for each problem (GET /api/admin/system; docs/staff-guide.md, "System"). No token or terminal needed.
 */
import { useQuery } from '@tanstack/react-query';
import type { Json } from '../../../lib/json.ts';
import { buttonClass } from '../../../lib/ui/button.ts';
import type { SystemReply, SystemSection } from '../../../features/system/contract.ts';
import { TabSection } from '../../ui/TabSection.tsx';
import { api } from '../shared/api.ts';
import { dayTime } from '../shared/format.ts';

/** The commit and Netlify context this portal page was built from (src/pages/admin.astro). */
function builtFrom(): string | null {
  const data = document.getElementById('portal-build')?.dataset;
  if (!data?.commit) return null;
  return `Built from commit ${data.commit.slice(0, 12)}${data.context ? ` (${data.context})` : ''}.`;
}

function Section({ section }: { section: Json<SystemSection> }) {
  const tone = section.ok ? 'border-emerald-300 bg-emerald-50' : 'border-amber-400 bg-amber-50';
  return (
    <li className={`rounded-lg border p-4 ${tone}`}>
      <h4 className="font-semibold text-ink">
        {section.title}:{' '}
        <span className={section.ok ? 'text-emerald-800' : 'text-amber-900'}>
          {section.verdict ?? (section.ok ? 'fine' : 'needs attention')}
        </span>
      </h4>
      <p className="mt-1 text-slate-800">{section.summary}</p>
      {section.details.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {section.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {section.todo && (
        <p className="mt-2 text-sm text-slate-900">
          <strong>What to do: </strong>
          {section.todo}
        </p>
      )}
    </li>
  );
}

export function SystemTab() {
  const report = useQuery({
    queryKey: ['system'],
    queryFn: () => api<Json<SystemReply>>('/api/admin/system'),
  });
  const build = builtFrom();
  return (
    <TabSection
      title="System"
      actions={
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
        >
          Check again
        </button>
      }
    >
      {report.isPending ? (
        <p role="status" className="py-6 text-slate-600">
          Checking the site…
        </p>
      ) : report.isError ? (
        <p role="alert" className="py-6 text-red-800">
          The check could not be read: {report.error.message}
        </p>
      ) : (
        <>
          <p role="status" className="mt-2 text-slate-700">
            {report.data.ok ? 'Everything works.' : 'Something needs attention: see the parts marked below.'} Checked{' '}
            {dayTime(report.data.checkedAt)}.
          </p>
          {build && <p className="mt-1 text-sm text-slate-600">{build}</p>}
          <ul className="mt-4 space-y-3">
            {report.data.sections.map((section) => (
              <Section key={section.id} section={section} />
            ))}
          </ul>
        </>
      )}
    </TabSection>
  );
}
