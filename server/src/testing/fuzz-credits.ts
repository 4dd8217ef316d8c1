import { ApplyCreditBodySchema, applyPath, INVOICE_DOCUMENTS, PAYMENT_METHODS, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS, UnapplyCreditBodySchema, unapplyPath, VoidBodySchema, voidPath } from '@erp/contracts';
import fc from 'fast-check';

import type { Fixtures, WriteTarget } from './fuzz-inputs';
import type { RouteInfo } from './routes';

type Described = Omit<WriteTarget, 'method' | 'path'>;
type Pieces = {
  readonly requiredText: fc.Arbitrary<string>;
  readonly optional: <T>(value: fc.Arbitrary<T>) => fc.Arbitrary<T | string | null | undefined>;
  readonly anyText: () => fc.Arbitrary<string>;
  readonly isoDate: fc.Arbitrary<string>;
  readonly positiveDecimal: (max: number, places: number) => fc.Arbitrary<unknown>;
  readonly withOptionalKeys: (model: Record<string, fc.Arbitrary<unknown>>, required: readonly string[]) => fc.Arbitrary<Record<string, unknown>>;
  readonly partyOf: (field: string, fixtures: Fixtures) => number;
  readonly covers: (path: string, routePath: string) => boolean;
};

/**
 * The write routes of a party's credit (issue 42), described for the fuzz: a credit applied to an
 * invoice or taken back (once per record, like a void), and refunds drawing on the fixtures'
 * advance. Undefined for any other route.
 */
export const describeCreditRoute = (route: RouteInfo, p: Pieces): Described | undefined => {
  for (const doc of [...INVOICE_DOCUMENTS.filter((d) => d.against), ...SETTLEMENT_DOCUMENTS]) {
    const invoices = 'invoices' in doc ? doc.invoices.stream : doc.against!.stream;
    if (route.path === applyPath(`${doc.path}/:id`)) {
      return { schema: ApplyCreditBodySchema, kind: 'action', streams: [doc.stream, invoices], valid: (fixtures) => fc.record({ invoiceId: fc.constant(fixtures.invoices[invoices]!), amount: p.positiveDecimal(1, 2) }) };
    }
    if (route.path === unapplyPath(`${doc.path}/:id`)) {
      return { schema: UnapplyCreditBodySchema, kind: 'action', streams: [doc.stream, invoices], valid: (fixtures) => fc.record({ invoiceId: fc.constant(fixtures.invoices[invoices]!) }) };
    }
  }
  for (const doc of REFUND_DOCUMENTS) {
    const sources = [doc.sources.notes.stream, doc.sources.settlements.stream];
    if (route.path === voidPath(`${doc.path}/:id`)) {
      return { schema: VoidBodySchema, kind: 'action', streams: [doc.stream, ...sources], valid: () => fc.record({ reason: p.requiredText }) };
    }
    if (!p.covers(doc.path, route.path)) continue;
    return {
      schema: doc.body,
      shape: doc.header,
      kind: 'refund',
      defaultedDate: doc.dateField,
      streams: [doc.stream],
      // Its lines draw on the fixtures' advance.
      related: (body) => (body.lines as { source: string }[]).map((l) => l.source),
      valid: (fixtures) =>
        p.withOptionalKeys(
          {
            [doc.party.field]: fc.constant(p.partyOf(doc.party.field, fixtures)),
            [doc.dateField]: p.optional(p.isoDate),
            paymentMethod: fc.constantFrom(...PAYMENT_METHODS.map((m) => m.value)),
            ...Object.fromEntries(doc.texts.map((t) => [t, p.optional(p.anyText())])),
            active: fc.boolean(),
            lines: p.positiveDecimal(1, 2).map((amount) => [{ source: fixtures.advances[doc.stream]!, amount }]),
          },
          [doc.party.field, 'paymentMethod', 'lines'],
        ),
    };
  }
  return undefined;
};
