// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataList, DataTable, type Column } from '../../../src/islands/ui/DataTable.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Row {
  id: string;
  name: string;
}

const columns: Column<Row>[] = [
  { header: 'Name', className: 'font-medium', cell: (r) => r.name },
  { header: 'Actions', hideHeader: true, cell: (r) => <button type="button">Open {r.name}</button> },
];

async function render(node: React.ReactNode) {
  const el = document.body.appendChild(document.createElement('div'));
  await act(async () => createRoot(el).render(node));
  return el;
}

const texts = (el: Element, selector: string) => [...el.querySelectorAll(selector)].map((n) => n.textContent);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('DataTable', () => {
  it('draws a header per column and a row per record, with the row attributes and cell classes', async () => {
    const el = await render(
      <DataTable
        caption="People"
        columns={columns}
        list={{
          data: {
            items: [
              { id: 'a', name: 'Ada' },
              { id: 'b', name: 'Bo' },
            ],
          },
          isPending: false,
        }}
        loading="Loading…"
        empty="Nobody."
        rowData={(r) => ({ 'data-person': r.id })}
      />,
    );
    expect(el.querySelector('caption')?.textContent).toBe('People');
    expect(texts(el, 'th')).toEqual(['Name', 'Actions']);
    expect(el.querySelector('th:last-child span')?.className).toBe('sr-only');
    expect(texts(el, 'tbody tr td:first-child')).toEqual(['Ada', 'Bo']);
    expect(el.querySelector('tr[data-person="b"] button')?.textContent).toBe('Open Bo');
    expect(el.querySelector('td')?.className).toBe('px-3 py-2 font-medium');
    expect(el.textContent).not.toContain('Nobody.');
    expect(el.textContent).not.toContain('Loading…');
  });

  it('as cards (a phone), names each cell by its column from data-label, the cell’s text its value alone', async () => {
    const el = await render(
      <DataTable
        columns={columns}
        cards
        list={{ data: { items: [{ id: 'a', name: 'Ada' }] }, isPending: false }}
        loading="…"
      />,
    );
    const [name, actions] = [...el.querySelectorAll('td')];
    expect(name?.dataset.label).toBe('Name');
    expect(name?.className).toContain('max-md:before:content-[attr(data-label)]');
    expect(name?.textContent).toBe('Ada');
    // The actions' column has no visible header: its cell no label either.
    expect(actions?.hasAttribute('data-label')).toBe(false);
    expect(actions?.className).not.toContain('before:content');
    expect(el.querySelector('thead')?.className).toContain('max-md:sr-only');
  });

  it('says the list is empty, or loading, under the header', async () => {
    const empty = await render(
      <DataTable
        columns={columns}
        list={{ data: { items: [] }, isPending: false }}
        loading="Loading…"
        empty="Nobody."
      />,
    );
    expect(empty.querySelectorAll('tbody tr')).toHaveLength(0);
    expect(empty.querySelector('p')?.textContent).toBe('Nobody.');
    const loading = await render(
      <DataTable columns={columns} list={{ data: undefined, isPending: true }} loading="Loading…" empty="Nobody." />,
    );
    expect(loading.querySelector('p')?.textContent).toBe('Loading…');
  });

  it('pages a paged reply, and shows no pager for a reply that is not', async () => {
    const onPage = vi.fn();
    const items = [{ id: 'a', name: 'Ada' }];
    const paged = await render(
      <DataTable
        columns={columns}
        list={{ data: { items, total: 120, page: 1, pageSize: 50 }, isPending: false }}
        loading="Loading…"
        onPage={onPage}
      />,
    );
    expect(paged.querySelector('nav[aria-label="Pages"]')?.textContent).toContain('Page 1 of 3 · 120 in total');
    const next = [...paged.querySelectorAll('button')].find((b) => b.textContent === 'Next')!;
    await act(async () => next.click());
    expect(onPage).toHaveBeenCalledWith(2);
    const whole = await render(
      <DataTable columns={columns} list={{ data: { items }, isPending: false }} loading="Loading…" />,
    );
    expect(whole.querySelector('nav')).toBeNull();
  });
});

describe('DataList', () => {
  it('draws each record as a list item by the function given, and the same empty state', async () => {
    const el = await render(
      <DataList
        list={{ data: { items: [{ id: 'a', name: 'Ada' }] }, isPending: false }}
        loading="Loading…"
        empty="Nobody."
        rowData={(r) => ({ 'data-person': r.id })}
      >
        {(r) => <strong>{r.name}</strong>}
      </DataList>,
    );
    expect(el.querySelector('li[data-person="a"] strong')?.textContent).toBe('Ada');
    const empty = await render(
      <DataList list={{ data: { items: [] as Row[] }, isPending: false }} loading="Loading…" empty="Nobody.">
        {(r) => r.name}
      </DataList>,
    );
    expect(empty.querySelectorAll('li')).toHaveLength(0);
    expect(empty.querySelector('p')?.textContent).toBe('Nobody.');
  });
});
