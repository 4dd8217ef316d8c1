import styled from 'styled-components';

import { Spinner } from '@/components/spinner';
import { TableScroll } from '@/components/table-scroll';
import { useStockLedger } from '@/features/inventory/stock.queries';
import { formatDate } from '@/lib/format';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 14px;
  th, td { padding: 6px; border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong}; text-align: left; vertical-align: top; }
  th { color: ${({ theme }) => theme.colors.muted}; font-weight: 600; white-space: nowrap; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; overflow-wrap: anywhere; }
`;

/**
 * An item's stock ledger (the GST issue, item 7): every movement with what made it — an
 * adjustment, a purchase or sales invoice, a credit or debit note — signed, with the balance after.
 */
export function StockLedger({ itemId, itemName }: { itemId: number; itemName: string }) {
  const ledger = useStockLedger(itemId);
  if (ledger.isPending) return <Spinner label="Loading stock ledger" />;
  if (ledger.isError) return <p>The stock ledger could not be loaded.</p>;
  if (ledger.data.length === 0) return <p>No stock has moved for this item yet.</p>;
  return (
    <TableScroll label={`Stock ledger of ${itemName}`}>
      <Table>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">From</th>
            <th scope="col" className="num">In / Out</th>
            <th scope="col" className="num">Balance</th>
          </tr>
        </thead>
        <tbody>
          {ledger.data.map((m) => (
            <tr key={`${m.source}-${m.sourceId}-${m.date}-${m.balance}`}>
              <td>{formatDate(m.date)}</td>
              <td>
                {m.sourceLabel}
                {m.reference && <small>{m.reference}</small>}
              </td>
              <td className="num">{m.quantity.startsWith('-') ? m.quantity.replace('-', '−') : `+${m.quantity}`}</td>
              <td className="num">{m.balance}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
