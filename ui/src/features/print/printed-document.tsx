import type { PrintableDocument } from '@erp/contracts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import styled from 'styled-components';

import { TableScroll } from '@/components/table-scroll';
import { formatMoney } from '@/lib/format';

const ddmmyyyy = (iso: string) => (iso ? `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}` : '');

/** The page: A4 width, or an 80 mm thermal roll's (fewer columns, smaller type). */
const Page = styled.div<{ $roll: boolean }>`
  max-width: ${({ $roll }) => ($roll ? '80mm' : '210mm')};
  margin: 0 auto;
  padding: ${({ $roll }) => ($roll ? '4mm' : '12mm')};
  background: #fff;
  color: #111;
  font-size: ${({ $roll }) => ($roll ? '11px' : '13px')};
  line-height: 1.4;
  h1 { text-align: center; font-size: ${({ $roll }) => ($roll ? '16px' : '22px')}; margin: 0; }
  .provisional { text-align: center; font-weight: 700; color: #b91c1c; border: 2px dashed #b91c1c; padding: 4px 8px; margin: 6px 0; }
  .sub { text-align: center; font-size: 11px; color: #555; margin-bottom: 10px; }
  .paid { font-size: 16px; font-weight: 700; color: #166534; }
  .parties { display: grid; grid-template-columns: ${({ $roll }) => ($roll ? '1fr' : '1fr auto')}; gap: 12px; margin-bottom: 10px; }
  @media screen and (max-width: 520px) { .parties { grid-template-columns: 1fr; } }
  .under { font-size: 0.9em; color: #444; white-space: nowrap; }
  .label { font-size: 11px; color: #555; }
  strong { font-weight: 700; }
  table { width: 100%; border-collapse: collapse; margin: 8px 0; }
  th, td { padding: 4px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
  th { font-size: 11px; color: #333; white-space: nowrap; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .totals { margin-left: auto; width: auto; }
  .totals td { border: 0; padding: 2px 4px; }
  .grand td { font-weight: 700; font-size: 1.1em; border-top: 2px solid #111; }
  .words { font-weight: 700; margin: 6px 0 10px; }
  .pay { display: flex; gap: 16px; justify-content: space-between; align-items: flex-start; flex-wrap: wrap; }
  .qr svg { width: ${({ $roll }) => ($roll ? '34mm' : '32mm')}; height: auto; }
  .sign { text-align: right; margin-top: 28px; }
  .sign .line { margin-top: 36px; }
  ${({ $roll }) => ($roll ? '.hide-roll { display: none; }' : '')}
`;

function Qr({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    void QRCode.toString(text, { type: 'svg', margin: 1 }).then(setSvg);
  }, [text]);
  // The SVG is ours (made by the QR library from the text just above), not markup from a person.
  return <div className="qr" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** The e-invoice's IRN, Ack No and Date, and the portal's signed QR code (CGST Rule 48(4)). */
function EInvoice({ e }: { e: NonNullable<PrintableDocument['eInvoice']> }) {
  return (
    <div className="pay" style={{ marginBottom: 10 }}>
      <div style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
        <strong>e-Invoice</strong>
        <div>IRN: {e.irn}</div>
        <div>Ack No: {e.ackNo}</div>
        <div>Ack Date: {e.ackDate}</div>
      </div>
      <Qr text={e.signedQrCode} label="e-invoice signed QR code" />
    </div>
  );
}

function Party({ label, party }: { label: string; party: PrintableDocument['supplier'] }) {
  return (
    <div>
      <div className="label">{label}</div>
      <strong>{party.name}</strong>
      {party.tradeName && party.tradeName !== party.name && <div>{party.tradeName}</div>}
      {party.address && <div style={{ whiteSpace: 'pre-line' }}>{party.address}</div>}
      <div>GSTIN: {party.gstin ?? 'Unregistered'}</div>
      {party.state && <div>State: {party.state}</div>}
      {party.pan && <div>PAN: {party.pan}</div>}
      {(party.phone || party.email) && <div>{[party.phone, party.email].filter(Boolean).join(' · ')}</div>}
    </div>
  );
}

type TaxedRow = PrintableDocument['lines'][number] | PrintableDocument['hsn'][number];

/**
 * Each tax's rate and amount (CGST Rule 46(l), (m)): CGST and SGST within the state (2.5 % +
 * 2.5 %), IGST across. On a roll the rates stay and the amounts are in the totals only.
 */
const AMOUNT = 'num hide-roll';
function TaxHeads({ tax }: { tax: PrintableDocument['tax'] }) {
  const heads = tax === 'intra' ? [['CGST %', 'num'], ['CGST', AMOUNT], ['SGST %', 'num'], ['SGST', AMOUNT]] : tax === 'inter' ? [['IGST %', 'num'], ['IGST', AMOUNT]] : [];
  return heads.map(([h, className]) => (
    <th key={h} className={className}>
      {h}
    </th>
  ));
}

function TaxCells({ tax, row }: { tax: PrintableDocument['tax']; row: TaxedRow }) {
  const cells =
    tax === 'intra'
      ? [[`${row.cgstRate}%`, 'num'], [formatMoney(row.cgst), AMOUNT], [`${row.sgstRate}%`, 'num'], [formatMoney(row.sgst), AMOUNT]]
      : tax === 'inter'
        ? [[`${row.igstRate}%`, 'num'], [formatMoney(row.igst), AMOUNT]]
        : [];
  return cells.map(([c, className], i) => (
    <td key={i} className={className}>
      {c}
    </td>
  ));
}

/** The printed document itself: what the PDF shows, as HTML. */
export function PrintedDocument({ doc, roll }: { doc: PrintableDocument; roll: boolean }) {
  const manual = doc.tax === 'manual';
  return (
    <Page $roll={roll} aria-label={`${doc.title} ${doc.number}`}>
      <h1>{doc.title}</h1>
      {doc.paid && <div className="sub paid">Paid</div>}
      {doc.provisional && (
        <p className="provisional" role="note">
          {doc.provisional}
        </p>
      )}
      {doc.copy && <div className="sub">{doc.copy}</div>}
      <div className="parties">
        <Party label="From" party={doc.supplier} />
        <div>
          <strong>
            {doc.numberLabel} {doc.number}
          </strong>
          <div>Date: {ddmmyyyy(doc.date)}</div>
          {doc.dueDate && (
            <div>
              {doc.dueLabel}: {ddmmyyyy(doc.dueDate)}
            </div>
          )}
          {doc.placeOfSupply && <div>Place of supply: {doc.placeOfSupply}</div>}
          {doc.reverseCharge !== null && <div>Tax payable on reverse charge: {doc.reverseCharge ? 'Yes' : 'No'}</div>}
          {doc.against && (
            <div>
              Against invoice: {doc.against}
              {doc.againstDate ? ` dated ${ddmmyyyy(doc.againstDate)}` : ''}
            </div>
          )}
        </div>
      </div>
      <Party label={doc.recipientLabel} party={doc.recipient} />
      {doc.eInvoice && <EInvoice e={doc.eInvoice} />}
      <TableScroll label="Lines table">
        <table>
          <thead>
            <tr>
              <th className="hide-roll">#</th>
              <th>Description</th>
              {!manual && <th className="hide-roll">HSN/SAC</th>}
              <th className="num hide-roll">Qty</th>
              <th className="num hide-roll">Rate</th>
              {!manual && <th className="num hide-roll">Disc.</th>}
              <th className="num">{manual ? 'Amount' : 'Taxable'}</th>
              <TaxHeads tax={doc.tax} />
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((l) => (
              <tr key={l.no}>
                <td className="hide-roll">{l.no}</td>
                <td>
                  {l.description}
                  {/* On a roll: quantity, rate and HSN under the description, not in columns of their own. */}
                  {roll && (
                    <div className="under">
                      {l.quantity}
                      {l.unit ? ` ${l.unit}` : ''} × {formatMoney(l.rate)}
                      {l.hsn ? ` · HSN ${l.hsn}` : ''}
                    </div>
                  )}
                </td>
                {!manual && <td className="hide-roll">{l.hsn}</td>}
                <td className="num hide-roll">
                  {l.quantity}
                  {l.unit ? ` ${l.unit}` : ''}
                </td>
                <td className="num hide-roll">{formatMoney(l.rate)}</td>
                {!manual && <td className="num hide-roll">{formatMoney(l.discount)}</td>}
                <td className="num">{formatMoney(l.taxableValue)}</td>
                <TaxCells tax={doc.tax} row={l} />
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <table className="totals" aria-label="Totals">
        <tbody>
          <tr>
            <td>{manual ? 'Sub total' : 'Taxable value'}</td>
            <td className="num">{formatMoney(doc.totals.taxableValue)}</td>
          </tr>
          {manual && (
            <tr>
              <td>Tax</td>
              <td className="num">{formatMoney(doc.totals.taxAmount)}</td>
            </tr>
          )}
          {doc.tax === 'intra' && (
            <>
              <tr>
                <td>CGST</td>
                <td className="num">{formatMoney(doc.totals.cgst)}</td>
              </tr>
              <tr>
                <td>SGST</td>
                <td className="num">{formatMoney(doc.totals.sgst)}</td>
              </tr>
            </>
          )}
          {doc.tax === 'inter' && (
            <tr>
              <td>IGST</td>
              <td className="num">{formatMoney(doc.totals.igst)}</td>
            </tr>
          )}
          {!manual && (
            <tr>
              <td>Round off</td>
              <td className="num">{formatMoney(doc.totals.roundOff)}</td>
            </tr>
          )}
          <tr className="grand">
            <td>Total</td>
            <td className="num">{formatMoney(doc.totals.total)}</td>
          </tr>
        </tbody>
      </table>
      <div className="words">Amount in words: {doc.inWords}</div>
      {doc.hsn.length > 0 && (
        <div className="hide-roll">
          <strong>HSN summary</strong>
          <TableScroll label="HSN summary table">
            <table aria-label="HSN summary">
              <thead>
                <tr>
                  <th>HSN/SAC</th>
                  <th>UQC</th>
                  <th className="num">Qty</th>
                  <th className="num">Taxable</th>
                  <TaxHeads tax={doc.tax} />
                </tr>
              </thead>
              <tbody>
                {doc.hsn.map((r) => (
                  <tr key={`${r.hsn}|${r.unit}|${r.gstRate}`}>
                    <td>{r.hsn || '—'}</td>
                    <td>{r.unit || '—'}</td>
                    <td className="num">{r.quantity}</td>
                    <td className="num">{formatMoney(r.taxableValue)}</td>
                    <TaxCells tax={doc.tax} row={r} />
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
      {doc.payTo && (
        <div className="pay">
          <div>
            <strong>Pay to</strong>
            {doc.payTo.bankName && <div>Bank: {doc.payTo.bankName}</div>}
            {doc.payTo.accountNumber && <div>Account: {doc.payTo.accountNumber}</div>}
            {doc.payTo.ifsc && <div>IFSC: {doc.payTo.ifsc}</div>}
            {doc.payTo.upiId && <div>UPI: {doc.payTo.upiId}</div>}
          </div>
          {doc.payTo.upiLink && <Qr label="UPI QR code to pay" text={doc.payTo.upiLink} />}
        </div>
      )}
      {doc.notes && <p>{doc.notes}</p>}
      <div className="sign">
        <strong>{doc.signatory}</strong>
        <div className="line">Authorised Signatory</div>
      </div>
    </Page>
  );
}

