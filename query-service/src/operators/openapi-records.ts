import {
  ApplyCreditBodySchema,
  applyPath,
  byId,
  creditsPath,
  dueToRepeatPath,
  HistoryEntrySchema,
  historyOf,
  INVOICE_DOCUMENTS,
  isPrintable,
  MASTER_DATA_ENTITIES,
  PartyCreditsSchema,
  pdfPath,
  REFUND_DOCUMENTS,
  RepeatBodySchema,
  repeatPath,
  SETTLEMENT_DOCUMENTS,
  UnapplyCreditBodySchema,
  unapplyPath,
  VoidBodySchema,
  voidPath,
} from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { z } from 'zod';

import { body, errors, idParam, listed, listParams, nextAfter, ok, pdf, written } from './openapi-parts';

/** `?due=` of lists with due dates (follow-ups). */
const dueParam = { name: 'due', in: 'query', schema: { type: 'string', enum: ['today', 'overdue'] }, description: 'Only the active records still open dated today in India (today), or before today (overdue)' };

/**
 * The record routes of the OpenAPI document, generated from the contracts' lists of entities and
 * documents: an entity or document added there is documented here by itself.
 */

const history = (tag: string) => ({
  parameters: [idParam],
  get: { tags: [tag], summary: 'Who changed what, when', responses: { 200: ok('History', z.array(HistoryEntrySchema)), ...errors } },
});

/** GET list, POST, GET/PUT (/DELETE) by id, history: the generic routes of every master-data entity. */
export const entityPaths = () =>
  Object.fromEntries(
    MASTER_DATA_ENTITIES.flatMap((e) => {
      const example = MASTER_DATA_SAMPLES[e.plural]?.body('1');
      return [
        [e.path, {
          get: { tags: [e.label], summary: `List ${e.plural}`, parameters: e.due ? [...listParams, dueParam] : listParams, responses: { 200: ok('List', listed(e.record), { headers: nextAfter }), ...errors } },
          post: { tags: [e.label], summary: `Create a ${e.singular}`, requestBody: body(e.body, example), responses: { 201: ok('Created', e.record, { headers: written }), ...errors } },
        }],
        [byId(e.path, '{id}'), {
          parameters: [idParam],
          get: { tags: [e.label], summary: `One ${e.singular}; ETag carries its version`, responses: { 200: ok('Found', e.record, { headers: { ETag: written.ETag } }), ...errors } },
          put: { tags: [e.label], summary: `Update a ${e.singular}`, requestBody: body(e.body, example), responses: { 200: ok('Updated', e.record, { headers: written }), ...errors } },
          ...(e.canDelete ? { delete: { tags: [e.label], summary: `Delete a ${e.singular}`, responses: { 204: ok('Deleted', undefined, { headers: written }), ...errors } } } : {}),
        }],
        [historyOf(e.path, '{id}'), history(e.label)],
      ];
    }),
  );

interface DocumentDoc {
  readonly label: string;
  readonly path: string;
  readonly body: z.ZodType;
  readonly summary: z.ZodType;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
}

const DOCUMENTS: readonly DocumentDoc[] = [
  ...INVOICE_DOCUMENTS.map((d) => ({ ...d, label: d.fullLabel })),
  ...SETTLEMENT_DOCUMENTS,
  ...REFUND_DOCUMENTS,
];

/** Documents (DESIGN §4): list, create, one with lines and allocations, revise, lines, history. */
export const documentPaths = () =>
  Object.fromEntries(
    DOCUMENTS.flatMap((d) => [
      [d.path, {
        get: { tags: [d.label], summary: 'List (newest first, without lines)', parameters: listParams, responses: { 200: ok('List', listed(d.summary), { headers: nextAfter }), ...errors } },
        post: {
          tags: [d.label], summary: `Record a ${d.label.toLowerCase()}; the server computes every amount`, requestBody: body(d.body),
          responses: { 201: ok('Recorded', d.record, { headers: written }), ...errors },
        },
      }],
      [byId(d.path, '{id}'), {
        parameters: [idParam],
        get: { tags: [d.label], summary: 'One document with its lines; ETag carries its version', responses: { 200: ok('Found', d.record, { headers: { ETag: written.ETag } }), ...errors } },
        put: {
          tags: [d.label], summary: `Revise a ${d.label.toLowerCase()} (lines replaced)`, requestBody: body(d.body),
          responses: { 200: ok('Revised', d.record, { headers: written }), ...errors },
        },
      }],
      [`${byId(d.path, '{id}')}/lines`, {
        parameters: [idParam],
        get: { tags: [d.label], summary: 'Its lines', responses: { 200: ok('Lines', z.array(d.line)), ...errors } },
      }],
      [historyOf(d.path, '{id}'), history(d.label)],
    ]),
  );

/** POST …/{id}/void of payments, receipts and refunds. */
export const voidPaths = () =>
  Object.fromEntries(
    [...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS].map((d) => [
      voidPath(byId(d.path, '{id}')),
      {
        parameters: [idParam],
        post: {
          tags: [d.label],
          summary: `Void a ${d.label.toLowerCase()} for good, with a reason kept in its history; every invoice it settled, or credit it drew on, is released`,
          requestBody: body(VoidBodySchema),
          responses: { 200: ok('Voided', d.record, { headers: written }), ...errors },
        },
      },
    ]),
  );

/**
 * A party's credit (issue 42): POST …/{id}/apply and …/{id}/unapply of notes, payments and
 * receipts, and GET …/customers/{id}/credits (a vendor's too).
 */
export const creditPaths = () => {
  const credits = [...INVOICE_DOCUMENTS.filter((d) => d.against), ...SETTLEMENT_DOCUMENTS];
  const parties = REFUND_DOCUMENTS.map((r) => MASTER_DATA_ENTITIES.find((e) => e.singular === r.party.singular)!);
  return Object.fromEntries([
    ...credits.flatMap((d) => [
      [applyPath(byId(d.path, '{id}')), {
        parameters: [idParam],
        post: {
          tags: [d.label],
          summary: `Apply this much of the ${d.label.toLowerCase()}'s unapplied credit to another invoice of the party (at most what is due there)`,
          requestBody: body(ApplyCreditBodySchema),
          responses: { 200: ok('Applied', d.record, { headers: written }), ...errors },
        },
      }],
      [unapplyPath(byId(d.path, '{id}')), {
        parameters: [idParam],
        post: {
          tags: [d.label],
          summary: `Take back what the ${d.label.toLowerCase()} applied to that invoice: it is unapplied credit again`,
          requestBody: body(UnapplyCreditBodySchema),
          responses: { 200: ok('Taken back', d.record, { headers: written }), ...errors },
        },
      }],
    ]),
    ...parties.map((p) => [creditsPath(p.path, '{id}'), {
      parameters: [idParam],
      get: { tags: [p.label], summary: `The ${p.singular}'s credits (notes' unapplied credit, advances) and their sum`, responses: { 200: ok('Credits', PartyCreditsSchema), ...errors } },
    }]),
  ]);
};

/** The printed form of each printable document as a PDF (CGST Rule 46 particulars; Rule 55 for a challan). */
export const pdfPaths = () =>
  Object.fromEntries(
    INVOICE_DOCUMENTS.filter(isPrintable).map((doc) => [
      pdfPath(`${doc.path}/{id}`),
      {
        parameters: [idParam],
        get: {
          tags: [doc.label],
          summary: `The ${doc.label.toLowerCase()} as a PDF: supplier and recipient with GSTIN and state, lines with HSN, each tax, HSN summary, total in words${doc.print?.payable ? ', pay-to bank and UPI QR code (a sale paid in full says Paid and has no QR code)' : ''}`,
          responses: { 200: pdf, ...errors },
        },
      },
    ]),
  );

/** A month, YYYY-MM, of the due list. */
const monthParam = { name: 'month', in: 'query', required: true, schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }, description: 'The month (YYYY-MM) whose copies are due' };

/** Kinds that `repeats` (docs/expenses.md): the documents due to repeat in a month, and the copy of one for a month. */
export const repeatPaths = () =>
  Object.fromEntries(
    INVOICE_DOCUMENTS.filter((d) => d.repeats).flatMap((d) => [
      [dueToRepeatPath(d.path), {
        get: {
          tags: [d.fullLabel],
          summary: `Due to repeat: each repeating ${d.label.toLowerCase()} (the first of its chain, still repeating, active) dated before the month with no copy dated in it; oldest first`,
          parameters: [monthParam, ...listParams.filter((p) => p.name !== 'changedSince')],
          responses: { 200: ok('Due', listed(d.summary), { headers: nextAfter }), ...errors },
        },
      }],
      [repeatPath(byId(d.path, '{id}')), {
        parameters: [idParam],
        post: {
          tags: [d.fullLabel],
          summary: `Record this ${d.label.toLowerCase()}'s copy for a later month (same party, category, lines and tax; dated the same day, or the month's last; not paid; numbered afresh). One copy a month: a second is a 409 naming the first copy`,
          requestBody: body(RepeatBodySchema),
          responses: { 201: ok('Recorded', d.record, { headers: written }), ...errors },
        },
      }],
    ]),
  );
