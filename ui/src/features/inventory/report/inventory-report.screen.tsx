import { chargesGst, isOneOf, itemsEntity, recordMatches, routes, STOCK_STATUSES, type StockStatus } from '@erp/contracts';
import { Download, SearchX } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/entity-card';
import type { BadgeTone } from '@/components/entity-config';
import { EmptyState } from '@/components/empty-state';
import { Input, Select } from '@/components/form-field';
import { Card, CardHeading, Main, Stack, TopBar } from '@/components/layout';
import { SearchBox } from '@/components/search-box';
import { Spinner } from '@/components/spinner';
import { TableScroll } from '@/components/table-scroll';
import { itemsResource } from '@/features/inventory/items/items.resource';
import { StockLedger } from '@/features/inventory/stock-ledger';
import { useStock, useValuation } from '@/features/inventory/stock.queries';
import { whenIdle } from '@/lib/deferred';
import { formatDate, formatMoney, todayInIndia } from '@/lib/format';
import { useBusiness } from '@/features/settings/business.queries';

// The CSV writer (Papa Parse) is not in the screen's first download: it comes when the screen is
// idle, or with the first Export CSV.
const loadCsv = () => import('@/features/inventory/report/inventory-csv');

const STATUS_FILTERS: readonly ('all' | StockStatus)[] = ['all', ...STOCK_STATUSES];
const STATUS: Record<StockStatus, { label: string; tone: BadgeTone }> = {
  'in-stock': { label: 'In Stock', tone: 'green' },
  'low-stock': { label: 'Low Stock', tone: 'yellow' },
  'out-of-stock': { label: 'Out of Stock', tone: 'red' },
};

const Cards = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  margin: 0;
  @media (min-width: 640px) { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  div { display: flex; flex-direction: column-reverse; padding: 12px; border-radius: ${({ theme }) => theme.radius.md}; background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.borderStrong}; }
  dt { font-size: 13px; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-size: 22px; font-weight: 700; }
`;

const Banner = styled.p`
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  font-size: 15px;
  strong { display: block; font-size: 26px; }
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  & > :first-child { flex: 1 1 220px; }
  select { width: auto; }
  label { display: flex; align-items: center; gap: 6px; font-size: 14px; color: ${({ theme }) => theme.colors.muted}; }
  input[type='date'] { width: auto; }
`;


/** An item's name in the report: opens its stock ledger under the row. */
const LedgerToggle = styled.button`
  border: 0;
  padding: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  text-align: left;
  text-decoration: underline;
  cursor: pointer;
`;


/** SEED-SPEC §2 Inventory report: summary cards, total value, search, status filter, table, CSV. */
export function InventoryReportScreen() {
  const items = itemsResource.useList();
  // Stock as of a day (issue 21): the movements dated on or before it; kept in the URL.
  const [params, setParams] = useSearchParams();
  const asOf = params.get('asOf') ?? '';
  const setAsOf = (value: string) => setParams(value ? { asOf: value } : {}, { replace: true });
  const stock = useStock(asOf);
  // Value at cost (moving average, issue 42): the balance sheet's stock on the same day (today in India unless one is chosen).
  const valuation = useValuation(asOf || todayInIndia());
  // A business registered for GST exports each item's HSN/SAC and GST rate too.
  const gst = chargesGst(useBusiness().data?.profile ?? null);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | StockStatus>('all');
  // Items whose stock ledger is open under their row (where each movement came from).
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) => setOpened((now) => (now.has(id) ? new Set([...now].filter((x) => x !== id)) : new Set([...now, id])));
  const back = { to: routes.module('inventory'), label: 'Back to Inventory' };
  useEffect(() => whenIdle(() => void loadCsv()), []);
  if (items.isPending || stock.isPending || valuation.isPending) {
    return (
      <>
        <TopBar title="Inventory Report" subtitle="Complete inventory overview and stock analysis" back={back} />
        <Main>
          <Spinner label="Loading inventory" />
        </Main>
      </>
    );
  }
  const stockOf = new Map((stock.data ?? []).map((s) => [s.itemId, s]));
  const valueOf = new Map((valuation.data?.items ?? []).map((v) => [v.itemId, v.value]));
  const rows = (items.data ?? []).map((item) => {
    const s = stockOf.get(item.id);
    const currentStock = s?.currentStock ?? '0';
    const itemStatus = s?.status ?? 'out-of-stock';
    // What is on the shelf at what it cost (nothing for stock below zero).
    const value = valueOf.get(item.id) ?? '0.00';
    return { item, currentStock, status: itemStatus, value };
  });
  const term = search.trim().toLowerCase();
  const shown = rows.filter(
    (r) => (status === 'all' || r.status === status) && (!term || recordMatches(itemsEntity.search, r.item, term)),
  );
  const count = (s: StockStatus) => String(rows.filter((r) => r.status === s).length);
  const exportCsv = async () => {
    const { csvFileName, downloadCsv, inventoryCsv } = await loadCsv();
    downloadCsv(
      inventoryCsv(
        shown.map((r) => ({
          name: r.item.name,
          description: r.item.description,
          unit: r.item.unit,
          currentStock: r.currentStock,
          costPrice: r.item.costPrice,
          sellingPrice: r.item.sellingPrice,
          reorderLevel: r.item.reorderLevel,
          status: STATUS[r.status].label,
          value: r.value,
          hsnCode: r.item.hsnCode,
          taxRate: r.item.taxRate === null || r.item.taxRate === undefined ? null : String(r.item.taxRate),
        })),
        gst,
      ),
      csvFileName(asOf || todayInIndia()),
    );
  };
  return (
    <>
      <TopBar
        title="Inventory Report"
        subtitle="Complete inventory overview and stock analysis"
        back={back}
        actions={
          <Button $variant="secondary" onClick={() => void exportCsv()}>
            <Download size={18} aria-hidden="true" />
            Export CSV
          </Button>
        }
      />
      <Main>
        <Stack $gap={16}>
          <Cards aria-label="Summary">
            <div><dt>Total Items</dt><dd>{rows.length}</dd></div>
            <div><dt>In Stock</dt><dd>{count('in-stock')}</dd></div>
            <div><dt>Low Stock</dt><dd>{count('low-stock')}</dd></div>
            <div><dt>Out of Stock</dt><dd>{count('out-of-stock')}</dd></div>
          </Cards>
          <Banner>
            {asOf ? `Total Inventory Value as of ${formatDate(asOf)}` : 'Total Inventory Value'}
            <strong>{formatMoney(valuation.data?.total ?? '0')}</strong>
          </Banner>
          <Tools>
            <SearchBox value={search} onChange={setSearch} placeholder="Search items..." label="Search items" />
            <label>
              As of
              <Input type="date" value={asOf} max={todayInIndia()} onChange={(e) => setAsOf(e.target.value)} />
            </label>
            <Select aria-label="Status filter" value={status} onChange={(e) => isOneOf(STATUS_FILTERS, e.target.value) && setStatus(e.target.value)}>
              <option value="all">All Items</option>
              <option value="in-stock">In Stock</option>
              <option value="low-stock">Low Stock</option>
              <option value="out-of-stock">Out of Stock</option>
            </Select>
          </Tools>
          <Card aria-labelledby="inventory-details">
            <CardHeading id="inventory-details">Inventory Details</CardHeading>
            {shown.length === 0 ? (
              <EmptyState icon={SearchX} message="No items found" />
            ) : (
              <TableScroll label="Inventory details table">
                <DataTable>
                  <thead>
                    <tr>
                      <th scope="col">Item</th>
                      <th scope="col">Unit</th>
                      <th scope="col" className="num">Current Stock</th>
                      <th scope="col" className="num">Reorder Level</th>
                      <th scope="col" className="num">Cost Price</th>
                      <th scope="col" className="num">Selling Price</th>
                      <th scope="col" className="num">Value</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((r) => (
                      <Fragment key={r.item.id}>
                        <tr>
                          <td>
                            <LedgerToggle
                              type="button"
                              aria-expanded={opened.has(r.item.id)}
                              aria-controls={`ledger-${r.item.id}`}
                              title="Where the stock came from"
                              onClick={() => toggle(r.item.id)}
                            >
                              {r.item.name}
                            </LedgerToggle>
                            {r.item.description && <small>{r.item.description}</small>}
                            {r.item.hsnCode && <small>HSN: {r.item.hsnCode}</small>}
                          </td>
                          <td>{r.item.unit}</td>
                          <td className="num">{r.currentStock}</td>
                          <td className="num">{r.item.reorderLevel}</td>
                          <td className="num">{formatMoney(r.item.costPrice ?? 0)}</td>
                          <td className="num">{formatMoney(r.item.sellingPrice ?? 0)}</td>
                          <td className="num">{formatMoney(r.value)}</td>
                          <td>
                            <Badge $tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
                          </td>
                        </tr>
                        {opened.has(r.item.id) && (
                          <tr id={`ledger-${r.item.id}`}>
                            <td colSpan={8}>
                              <StockLedger itemId={r.item.id} itemName={r.item.name} />
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    ))}
                  </tbody>
                </DataTable>
              </TableScroll>
            )}
          </Card>
        </Stack>
      </Main>
    </>
  );
}
