/**
 * "Check the site's set-up", on the portal's sign-in screen: what `/api/health` found, part by part, for the holder
 * of HEALTH_TOKEN, before any administrator exists (docs/deploy-checklist.md, steps 6 and 7). The token is pasted
 * into a password field and sent from script as `Authorization: Bearer …` (src/features/system/health-access.ts), never in
 * the address, and kept nowhere: not in storage, not in the form once the answer came. No terminal needed.
 */
import { useState, type SubmitEvent } from 'react';
import { buttonClass } from '../../../lib/ui/button.ts';

/** The detail `/api/health` gives the token's holder (`HealthReport` of src/features/system/health.ts, as JSON). */
interface HealthReport {
  ok: boolean;
  site: string;
  checks: Record<'database' | 'authSecret' | 'settings' | 'mail' | 'blobs' | 'webhooks', Check | undefined>;
}
interface Check {
  ok: boolean;
  detail: string;
  suggestion?: string;
}

/** Each check of the report, in the words of the deploy checklist, and what it is about. */
const parts: { key: keyof HealthReport['checks']; title: string }[] = [
  { key: 'database', title: 'Database' },
  { key: 'authSecret', title: 'Sign-in secret (BETTER_AUTH_SECRET)' },
  { key: 'settings', title: 'Settings' },
  { key: 'mail', title: 'Mail' },
  { key: 'blobs', title: 'Document storage' },
  { key: 'webhooks', title: 'Replies and delivery reports from Resend' },
];

const siteNames: Record<string, string> = {
  production: 'the production site',
  preview: 'a deploy preview',
  local: 'a local copy',
};

type State =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'report'; report: HealthReport };

const fieldId = 'health-token';
const messageId = 'health-token-message';

export function HealthCheck({ onBack }: { onBack: () => void }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [token, setToken] = useState('');

  const check = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = token.trim();
    if (!value) {
      setState({ kind: 'refused', message: 'Paste the health token (HEALTH_TOKEN) here.' });
      return;
    }
    setState({ kind: 'checking' });
    let response: Response;
    try {
      response = await fetch('/api/health', {
        headers: { Authorization: `Bearer ${value}`, Accept: 'application/json' },
        cache: 'no-store',
        credentials: 'omit',
      });
    } catch {
      setState({ kind: 'failed', message: 'The site could not be reached. Check your connection and try again.' });
      return;
    }
    const body = (await response.json().catch(() => null)) as Partial<HealthReport> | null;
    if (response.status === 401) {
      setState({
        kind: 'refused',
        message:
          'That is not this site’s health token. Copy HEALTH_TOKEN again from your password manager (it is also in ' +
          'Netlify’s environment variables); the site must have been deployed again since it was set.',
      });
      return;
    }
    if (!body?.checks) {
      setState({ kind: 'failed', message: `The site answered ${response.status} without the detail. Try again.` });
      return;
    }
    setToken(''); // the answer came: the token leaves the page
    setState({ kind: 'report', report: body as HealthReport });
  };

  const refused = state.kind === 'refused';
  return (
    <div className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <h2 className="text-2xl font-bold text-ink">Check the site’s set-up</h2>
      <p className="mt-2 text-slate-700">
        For whoever set the site up: paste the health token (the <code>HEALTH_TOKEN</code> setting in Netlify) to see
        what each part of the site found. The token is sent to this site only, and kept nowhere.
      </p>
      <form
        onSubmit={(event) => void check(event)}
        noValidate
        className="mt-6 space-y-4"
        aria-label="Check the site’s set-up"
      >
        <div>
          <label htmlFor={fieldId} className="block font-semibold text-ink">
            Health token
          </label>
          <input
            id={fieldId}
            name="token"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            aria-invalid={refused || undefined}
            aria-describedby={refused ? messageId : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
          {refused && (
            <p id={messageId} role="alert" className="mt-1 text-sm text-red-700">
              {state.message}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={state.kind === 'checking'}
          className={`w-full ${buttonClass({ size: 'form' })}`}
        >
          {state.kind === 'checking' ? 'Checking…' : 'Check'}
        </button>
      </form>
      {state.kind === 'failed' && (
        <p role="alert" className="mt-4 text-red-800">
          {state.message}
        </p>
      )}
      {state.kind === 'report' && <Report report={state.report} />}
      <div className="mt-6 text-sm">
        <button type="button" className="font-semibold text-brand-700 underline" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </div>
  );
}

function Report({ report }: { report: HealthReport }) {
  return (
    <section className="mt-6" aria-label="What the site found">
      <p role="status" className="font-semibold text-ink">
        {report.ok ? 'Everything works' : 'Something needs attention: see the parts marked below'} on{' '}
        {siteNames[report.site] ?? report.site}.
      </p>
      <ul className="mt-4 space-y-3">
        {parts.map(({ key, title }) => {
          const check = report.checks[key];
          if (!check) return null;
          return (
            <li
              key={key}
              className={`rounded-lg border p-4 ${check.ok ? 'border-emerald-300 bg-emerald-50' : 'border-amber-400 bg-amber-50'}`}
            >
              <h3 className="font-semibold text-ink">
                {title}:{' '}
                <span className={check.ok ? 'text-emerald-800' : 'text-amber-900'}>
                  {check.ok ? 'fine' : 'needs attention'}
                </span>
              </h3>
              <p className="mt-1 break-words text-slate-800">{check.detail}</p>
              {check.suggestion && (
                <p className="mt-2 text-sm break-all text-slate-900">
                  <strong>A random value you may use for it: </strong>
                  <code>{check.suggestion}</code>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
