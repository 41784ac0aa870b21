import type { TableColumn, CellValue } from '@app/contracts/tables/table-values';
import type { TableResponse } from '@app/contracts/http/table.types';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi, type DataSourceAddress } from '../api';
import { ConfirmAction } from '../administration/confirm-action';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import { Breadcrumbs } from './breadcrumbs';
import { ImportStatus } from './import-status';
import { knowledgePaths } from './knowledge-paths';
import styles from './knowledge.module.css';
import { Pager } from './pager';
import { deleteTableQuestion } from './tables-section';
import { useRemoval } from './use-removal';

/** Rows a page shows: the api reads one block of its index for any offset, so page 20,000 opens as fast as page 1. */
const PAGE_SIZE = 50;
/** How often a table whose import runs is asked again. */
const IMPORT_POLL_MS = 1_000;

/** `…/data_sources/:dsId/tables/:tableId`: a table's inferred schema and its rows, a page at a time; builders delete it. */
export function TablePage({ at, tableId, canWrite }: { readonly at: DataSourceAddress; readonly tableId: string; readonly canWrite: boolean }) {
  const { tables } = useApi();
  const [, navigate] = useLocation();
  const table = useLoaded((signal) => tables.get(at, tableId, { signal }));
  const importing = table.loaded.status === 'ready' && table.loaded.value.table.status?.state === 'importing';
  // Opened while an import runs: asked again until it ends, so the status, schema and rows follow it.
  useEffect(() => {
    if (!importing) return;
    const timer = setInterval(table.reload, IMPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [importing, table.reload]);
  const name = table.loaded.status === 'ready' ? table.loaded.value.table.name : 'Table';
  useDocumentTitle(name);
  const back = knowledgePaths.dataSource(at.spaceId, at.dsId);
  const leave = useCallback(() => navigate(back), [navigate, back]);
  const removal = useRemoval(leave);

  return (
    <div className={styles.page}>
      <Breadcrumbs trail={[{ href: back, label: 'Data source' }]} />
      <PageHeading>{name}</PageHeading>
      {canWrite && table.loaded.status === 'ready' ? (
        <div className={styles.actions}>
          <ConfirmAction
            label="Delete table"
            accessibleName={`Delete table ${name}`}
            question={deleteTableQuestion(name)}
            confirmLabel="Yes, delete"
            onConfirm={() => removal.remove(() => tables.delete(at, tableId))}
          />
        </div>
      ) : null}
      <FormError message={removal.error} />
      {table.loaded.status === 'ready' ? <TableContent key={table.loaded.value.table.row_count} at={at} table={table.loaded.value.table} /> : <LoadedPending loaded={table.loaded} />}
    </div>
  );
}

function TableContent({ at, table }: { readonly at: DataSourceAddress; readonly table: TableResponse }) {
  const columns = table.schema ?? [];
  return (
    <>
      {table.description ? <p className="muted">{table.description}</p> : null}
      {table.status && table.status.state !== 'ready' ? <ImportStatus name={table.name} status={table.status} /> : null}
      <section className={styles.section}>
        {/* The scrolling box below is the region named Schema; the section needs no second name. */}
        <h2>Schema</h2>
        {columns.length === 0 ? <p className="muted">No column yet: the schema is inferred from the rows.</p> : <SchemaTable columns={columns} />}
      </section>
      <section className={styles.section}>
        <h2>Rows</h2>
        <RowPages at={at} tableId={table.table_id} columns={columns} />
      </section>
    </>
  );
}

function SchemaTable({ columns }: { readonly columns: readonly TableColumn[] }) {
  return (
    <div className={styles.grid} tabIndex={0} role="region" aria-label="Schema">
      <table>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Type</th>
            <th scope="col">Values</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => (
            <tr key={column.name}>
              <td>{column.name}</td>
              <td>{column.value_type}</td>
              <td>{column.possible_values ? column.possible_values.join(', ') : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The rows a page at a time (the api pages them: only one page is ever in the browser), with Previous and Next. */
function RowPages({ at, tableId, columns }: { readonly at: DataSourceAddress; readonly tableId: string; readonly columns: readonly TableColumn[] }) {
  const { tables } = useApi();
  const [offset, setOffset] = useState(0);
  const page = useLoaded((signal) => tables.rows(at, tableId, { limit: PAGE_SIZE, offset }, { signal }), [offset]);
  if (page.loaded.status !== 'ready') return <LoadedPending loaded={page.loaded} />;
  const { rows, total } = page.loaded.value;
  if (total === 0) return <p className="muted">No rows.</p>;
  return (
    <>
      <div className={styles.grid} tabIndex={0} role="region" aria-label="Rows">
        <table>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.name} scope="col">
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row_id}>
                {columns.map((column) => (
                  <td key={column.name}>{cellText(row.value[column.name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager what="Rows" offset={page.loaded.value.offset} limit={PAGE_SIZE} total={total} shown={rows.length} onOffset={setOffset} />
    </>
  );
}

function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return value.string_value ?? new Date(value.epoch).toISOString();
  return String(value);
}
