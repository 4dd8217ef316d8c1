import {
  GST_RATES,
  type InvoiceDocument,
  isDecimal,
  isGstRate,
  lineAmount,
  type LineBody,
  placeOfSupplyLabel,
  priceDocument,
  subtractMoney,
  UNITS,
} from '@erp/contracts';

import type { ItemChoice, LinesConfig, LineValues } from '@/components/entity-config';
import { itemsResource } from '@/features/inventory/items/items.resource';
import { useBusiness } from '@/features/settings/business.queries';
import { formatMoney } from '@/lib/format';

const SUPPLY_KINDS = [
  { value: 'exempt', label: 'Exempt' },
  { value: 'non-gst', label: 'Non-GST' },
];
const filled = (v: string | undefined) => v !== undefined && v.trim() !== '';
const gst = (values: Record<string, unknown>) => values.taxMode === 'gst';

interface InvoiceLineRecord {
  readonly itemId: number | null;
  readonly itemName: string;
  readonly description: string | null;
  readonly hsn: string | null;
  readonly unit: string | null;
  readonly quantity: string;
  readonly rate: string;
  readonly discount: string;
  readonly gstRate: string;
  readonly gstCategory?: string;
  readonly sourceLineNo?: number;
}

/** What the API takes for a line, from the editor's text values. */
const toBody = (line: LineValues) => ({
  itemId: filled(line.itemId) ? Number(line.itemId) : null,
  itemName: line.itemName ?? '',
  description: line.description || null,
  hsn: line.hsn || null,
  unit: line.unit || null,
  quantity: line.quantity,
  rate: line.rate,
  discount: line.discount || '0',
  gstRate: line.gstRate || null,
  gstCategory: line.gstCategory || null,
  // Converted from another document: the line of it this one takes (kept, not shown).
  sourceLineNo: filled(line.sourceLineNo) ? Number(line.sourceLineNo) : null,
});

/** The catalogue's items as a line may pick them: a sale fills the selling price, a purchase the cost. */
const itemChoices = (side: 'sales' | 'purchase') => (): readonly ItemChoice[] | null => {
  const { data } = itemsResource.useList();
  if (!data) return null;
  return data
    .filter((item) => item.active !== false)
    .map((item) => {
      const price = side === 'sales' ? item.sellingPrice : item.costPrice;
      const rate = item.taxRate !== null && isGstRate(item.taxRate) ? String(Number(item.taxRate)) : '';
      return { id: item.id, name: item.name, fill: { itemName: item.name, hsn: item.hsnCode ?? '', unit: item.unit, rate: price ?? '', gstRate: rate } };
    });
};

/**
 * Invoice lines (SEED-SPEC §4, §5, §9; the GST issue): a line may pick an item from the catalogue
 * (its stock then moves) or be typed; item name, description, quantity (0.001), rate (0.01), and
 * with GST its HSN/SAC, unit, discount and GST rate. The totals are the server's arithmetic
 * (`priceDocument`), so what the form shows is what gets recorded: CGST and SGST or IGST by the
 * place of supply, rounded to the rupee with the round off shown.
 */
export const invoiceLines = <TRecord extends { lines: readonly InvoiceLineRecord[] }>(
  doc: InvoiceDocument,
  texts: {
    needSaved: string;
    /** The party's GSTIN (its state decides CGST + SGST or IGST): a hook. */
    usePartyGstin: (partyId: number) => string | null;
    /** A credit note: the place of supply of the invoice it is against, which the note follows (a hook). */
    useInvoicePlaceOfSupply?: (values: Record<string, unknown>) => string | null;
    /** A line as it will be priced (a returned line: the invoice's, with its share of the discount). */
    typed?: (line: LineValues) => LineValues;
  },
): LinesConfig<TRecord> => {
  const parsedLine = (line: LineValues) => doc.lineInput.safeParse(toBody(texts.typed ? texts.typed(line) : line));
  return {
    title: 'Line Items',
    addLabel: 'Add Line',
    states: { draft: 'Draft', saved: 'Saved' },
    columns: [
      { name: 'itemId', label: 'Item', kind: 'item', wide: true },
      { name: 'itemName', label: 'Item Name', kind: 'text', required: true, placeholder: 'Enter item name', wide: true },
      { name: 'description', label: 'Description', kind: 'text', placeholder: 'Optional', wide: true },
      { name: 'hsn', label: 'HSN/SAC', kind: 'text', placeholder: '4, 6 or 8 digits', showWhen: gst },
      { name: 'unit', label: 'Unit', kind: 'select', options: UNITS.map((u) => ({ value: u, label: u })), showWhen: gst },
      { name: 'quantity', label: 'Quantity', kind: 'quantity', required: true },
      { name: 'rate', label: 'Rate', kind: 'money', required: true },
      { name: 'discount', label: 'Discount', kind: 'money', placeholder: '0.00', showWhen: gst },
      { name: 'gstRate', label: 'GST %', kind: 'select', required: true, placeholder: 'Select a rate…', options: GST_RATES.map((r) => ({ value: r.rate, label: r.label })), showWhen: gst },
      // GSTR-1 table 8 and GSTR-3B 3.1 keep exempt and non-GST supplies apart; blank: taxable, or nil-rated at 0 %.
      { name: 'gstCategory', label: 'Supply', kind: 'select', placeholder: 'Taxable (0%: nil-rated)', options: SUPPLY_KINDS, showWhen: gst },
    ],
    blank: { itemId: '', itemName: '', description: '', hsn: '', unit: '', quantity: doc.side === 'sales' ? '1' : '', rate: '', discount: '', gstRate: '', gstCategory: '', sourceLineNo: '' },
    fromRecord: (record) =>
      record.lines.map((l) => ({
        itemId: l.itemId === null ? '' : String(l.itemId),
        itemName: l.itemName,
        description: l.description ?? '',
        hsn: l.hsn ?? '',
        unit: l.unit ?? '',
        quantity: l.quantity,
        rate: l.rate,
        discount: l.discount === '0.00' ? '' : l.discount,
        gstRate: l.gstRate,
        gstCategory: l.gstCategory === 'exempt' || l.gstCategory === 'non-gst' ? l.gstCategory : '',
        sourceLineNo: l.sourceLineNo ? String(l.sourceLineNo) : '',
      })),
    problem: (line, values) => {
      // Something missing: the seed's words. Something typed wrong: what is wrong with it (the
      // contract's message: 'Quantity must be above 0', 'Rate must be a number').
      if (!filled(line.itemName) || !filled(line.quantity) || !filled(line.rate)) return 'Please fill all required fields (Item Name, Quantity, Rate)';
      if (gst(values) && !filled(line.gstRate)) return 'Please choose a GST rate';
      const parsed = parsedLine(line);
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This line is not valid');
    },
    savedToast: { title: 'Line saved', description: 'Line item has been saved successfully' },
    needSaved: texts.needSaved,
    amountOf: (line) => {
      const parsed = parsedLine(line);
      return parsed.success ? subtractMoney(lineAmount(parsed.data.quantity, parsed.data.rate), parsed.data.discount) : null;
    },
    useItems: itemChoices(doc.side),
    totalsTitle: 'Totals',
    useTotals: (saved, values) => {
      const business = useBusiness().data?.profile ?? null;
      const partyGstin = texts.usePartyGstin(Number(values[doc.party.field] ?? 0));
      const invoicePlaceOfSupply = texts.useInvoicePlaceOfSupply?.(values) ?? null;
      const lines = saved.flatMap((line): LineBody[] => {
        const parsed = parsedLine(line);
        return parsed.success ? [parsed.data] : [];
      });
      const typedTax = String(values.taxAmount ?? '');
      const priced = priceDocument(
        doc.side,
        {
          taxMode: gst(values) ? 'gst' : 'manual',
          taxAmount: isDecimal(typedTax) ? typedTax : '0',
          placeOfSupply: typeof values.placeOfSupply === 'string' && values.placeOfSupply !== '' ? values.placeOfSupply : null,
          reverseCharge: doc.reverseCharge === true && values.reverseCharge === true,
          lines,
          invoicePlaceOfSupply,
        },
        business,
        partyGstin,
      );
      if (!priced) return { rows: [{ label: 'GST', value: 'Set up your business in Settings first' }], total: '0' };
      if (priced.supplyType === null) {
        return {
          rows: [
            { label: 'Sub Total', value: formatMoney(priced.subTotal) },
            { label: 'Tax Amount', value: formatMoney(priced.taxAmount) },
            { label: 'Total', value: formatMoney(priced.totalAmount) },
          ],
          total: priced.totalAmount,
        };
      }
      const taxes =
        priced.supplyType === 'intra'
          ? [{ label: 'CGST', value: formatMoney(priced.cgst) }, { label: 'SGST', value: formatMoney(priced.sgst) }]
          : priced.supplyType === 'inter'
            ? [{ label: 'IGST', value: formatMoney(priced.igst) }]
            : [{ label: 'Tax', value: 'None (bill of supply)' }];
      const reverse = priced.reverseCharge ? [{ label: 'Tax you pay on reverse charge', value: formatMoney(priced.taxAmount) }] : [];
      return {
        rows: [
          ...(priced.placeOfSupply ? [{ label: 'Place of Supply', value: placeOfSupplyLabel(priced.placeOfSupply) }] : []),
          { label: 'Taxable Value', value: formatMoney(priced.subTotal) },
          ...(priced.reverseCharge ? [] : taxes),
          ...reverse,
          { label: 'Round Off', value: `${priced.roundOff.startsWith('-') ? '' : '+'}${formatMoney(priced.roundOff)}` },
          { label: 'Total', value: formatMoney(priced.totalAmount) },
        ],
        total: priced.totalAmount,
      };
    },
    toBody,
  };
};
