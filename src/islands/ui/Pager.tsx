/** Previous/next paging of a server list (50 a page), with the total of the whole filtered list. */
import { buttonClass } from '../../lib/ui/button.ts';

export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return <p className="mt-4 text-sm text-slate-600">{total} in total</p>;
  const step = buttonClass({ variant: 'plain', size: 'xs' });
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={step}>
        Previous
      </button>
      <span>
        Page {page} of {pages} · {total} in total
      </span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={step}>
        Next
      </button>
    </nav>
  );
}
