import {
  DirectAmountSchema,
  notFound,
  type PurchaseInvoice,
  type PurchaseInvoiceBody,
  purchaseInvoices,
  recordStream,
  toIssues,
  validationError,
  type VendorPayment,
  type VendorPaymentBody,
  vendorPayments,
  vendorsEntity,
} from '@erp/contracts';

import { MASTER_DATA_SLICES } from '../master-data';
import { reservationDecider } from '../master-data/reservation.decider';
import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, CommandRun, Decision, StreamHandle } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { invoiceDecider, invoiceOf, type InvoiceState } from './invoice.decider';
import { type PaymentDraft, paymentDecider, paymentOf } from './payment.decider';

type Appends = Decision<unknown>['appends'][number][];

const vendorSlice = MASTER_DATA_SLICES.find((s) => s.entity === vendorsEntity)!;

/** A document names an existing vendor (400 on vendorId otherwise). */
const requireVendor = async (ctx: CommandContext, vendorId: number) => {
  const vendor = await ctx.load(recordStream(vendorsEntity, vendorId), vendorSlice.decider);
  if (vendor.state.status !== 'active') {
    throw validationError(`Vendor ${vendorId} not found`, [{ path: 'vendorId', message: 'Please select a vendor' }]);
  }
};

// ---------------------------------------------------------------- invoices

const numberClaims = async (
  ctx: CommandContext,
  invoiceId: number,
  metadata: CommandMetadata,
  before: { vendorId: number; invoiceNumber: string } | null,
  after: { vendorId: number; invoiceNumber: string },
): Promise<Appends> => {
  const streamOf = (v: { vendorId: number; invoiceNumber: string }) => purchaseInvoices.numberStream(v.vendorId, v.invoiceNumber);
  if (before && streamOf(before) === streamOf(after)) return [];
  const appends: Appends = [];
  if (before) {
    const held = await ctx.load(streamOf(before), reservationDecider);
    const command = { type: 'Release' as const, data: { field: 'invoiceNumber', value: before.invoiceNumber, ownerId: invoiceId }, metadata };
    appends.push({ stream: held, events: decideAll(reservationDecider, command, held.state) });
  }
  const wanted = await ctx.load(streamOf(after), reservationDecider);
  const takenMessage = `Invoice number ${after.invoiceNumber} is already recorded for this vendor`;
  const claim = { type: 'Claim' as const, data: { field: 'invoiceNumber', value: after.invoiceNumber, ownerId: invoiceId, takenMessage }, metadata };
  appends.push({ stream: wanted, events: decideAll(reservationDecider, claim, wanted.state) });
  return appends;
};

export const recordInvoice =
  (id: number, body: PurchaseInvoiceBody, metadata: CommandMetadata): CommandRun<PurchaseInvoice | undefined> =>
  async (ctx) => {
    await requireVendor(ctx, body.vendorId);
    const invoice = ctx.fresh(purchaseInvoices.stream(id), invoiceDecider);
    const events = decideAll(invoiceDecider, { type: 'Record', data: { id, body }, metadata }, invoice.state);
    const claims = await numberClaims(ctx, id, metadata, null, body);
    return { main: invoice, appends: [{ stream: invoice, events }, ...claims], result: invoiceOf(stateAfter(invoiceDecider, invoice, events)) };
  };

export const reviseInvoice =
  (id: number, body: PurchaseInvoiceBody, metadata: CommandMetadata): CommandRun<PurchaseInvoice | undefined> =>
  async (ctx) => {
    const invoice = await ctx.load(purchaseInvoices.stream(id), invoiceDecider);
    const events = decideAll(invoiceDecider, { type: 'Revise', data: { id, body }, metadata }, invoice.state);
    const before = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
    if (events.length > 0 && before && before.vendorId !== body.vendorId) await requireVendor(ctx, body.vendorId);
    const claims = events.length > 0 ? await numberClaims(ctx, id, metadata, before, body) : [];
    return { main: invoice, appends: [{ stream: invoice, events }, ...claims], result: invoiceOf(stateAfter(invoiceDecider, invoice, events)) };
  };

// ---------------------------------------------------------------- payments

/** Lines must name distinct invoices; a payment without lines must say its amount. */
const checkPaymentBody = (body: VendorPaymentBody): string | null => {
  const seen = new Map<number, number>();
  const issues = body.lines.flatMap((line, index) => {
    const first = seen.get(line.invoiceId);
    seen.set(line.invoiceId, first ?? index);
    return first === undefined ? [] : [{ path: `lines.${index}.invoiceId`, message: 'This invoice is already on another line' }];
  });
  if (issues.length > 0) throw validationError('Each invoice can be on one line only', issues);
  if (body.lines.length > 0) return null;
  const amount = DirectAmountSchema.safeParse(body.amount);
  if (!amount.success) {
    throw validationError('Invalid payment', toIssues(amount.error).map((i) => ({ ...i, path: 'amount' })));
  }
  return amount.data;
};

/**
 * Records or revises a payment and, in the same append, sets its allocation on every invoice
 * it names and releases it from every invoice it no longer names (DESIGN §4). Each invoice's
 * decider refuses more than its balance; a concurrent payment moves the invoice's stream and
 * the whole command is decided again.
 */
const paymentRun =
  (kind: 'Record' | 'Revise', id: number, body: VendorPaymentBody, metadata: CommandMetadata): CommandRun<VendorPayment | undefined> =>
  async (ctx) => {
    const directAmount = checkPaymentBody(body);
    const payment = kind === 'Record' ? ctx.fresh(vendorPayments.stream(id), paymentDecider) : await ctx.load(vendorPayments.stream(id), paymentDecider);
    if (kind === 'Revise' && payment.state.status !== 'recorded') throw notFound(`Payment ${id} not found`);
    await requireVendor(ctx, body.vendorId);
    const invoices = new Map<number, StreamHandle<InvoiceState>>();
    const invoiceStream = async (invoiceId: number) => {
      const known = invoices.get(invoiceId) ?? (await ctx.load(purchaseInvoices.stream(invoiceId), invoiceDecider));
      invoices.set(invoiceId, known);
      return known;
    };
    const appends: Appends = [];
    const lines: PaymentDraft['lines'] = [];
    for (const [index, line] of body.lines.entries()) {
      const invoice = await invoiceStream(line.invoiceId);
      const command = { type: 'Allocate' as const, data: { id: line.invoiceId, paymentId: id, vendorId: body.vendorId, amount: line.paidAmount, line: index }, metadata };
      appends.push({ stream: invoice, events: decideAll(invoiceDecider, command, invoice.state) });
      const recorded = invoice.state.status === 'recorded' ? invoice.state.invoice : null;
      lines.push({
        lineNo: index + 1,
        invoiceId: line.invoiceId,
        invoiceNumber: recorded?.invoiceNumber ?? '',
        invoiceAmount: recorded?.totalAmount ?? '0.00',
        paidAmount: line.paidAmount,
      });
    }
    const previous = payment.state.status === 'recorded' ? payment.state.payment.lines : [];
    const kept = new Set(body.lines.map((l) => l.invoiceId));
    for (const old of previous.filter((l) => !kept.has(l.invoiceId))) {
      const invoice = await invoiceStream(old.invoiceId);
      const command = { type: 'Release' as const, data: { id: old.invoiceId, paymentId: id }, metadata };
      appends.push({ stream: invoice, events: decideAll(invoiceDecider, command, invoice.state) });
    }
    const draft: PaymentDraft = { ...body, directAmount, lines };
    const events = decideAll(paymentDecider, { type: kind, data: { id, draft }, metadata }, payment.state);
    return {
      main: payment,
      appends: [{ stream: payment, events }, ...appends],
      result: paymentOf(stateAfter(paymentDecider, payment, events)),
    };
  };

export const recordPayment = (id: number, body: VendorPaymentBody, metadata: CommandMetadata) => paymentRun('Record', id, body, metadata);
export const revisePayment = (id: number, body: VendorPaymentBody, metadata: CommandMetadata) => paymentRun('Revise', id, body, metadata);
