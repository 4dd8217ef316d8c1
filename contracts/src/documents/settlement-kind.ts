import type { z } from 'zod';

import type { SearchSpec } from '../entity';
import type { InvoiceDocument, PartyConfig } from './invoice-kind';
import type { DocumentSeries } from './series';
import type { SettlementBody, SettlementChange, SettlementData } from './settlement-document';

/** Any settlement document, its types erased to what the shared machinery needs. */
export interface SettlementDocument {
  readonly module: string;
  readonly plural: string;
  readonly label: string;
  readonly path: string;
  readonly stream: string;
  readonly listTable: string;
  readonly party: PartyConfig<string>;
  readonly dateField: string;
  readonly numberField: string;
  readonly numberLabel: string;
  readonly series: DocumentSeries;
  readonly lineAmount: { readonly field: string; readonly label: string; readonly missing: string };
  readonly texts: readonly string[];
  readonly search: SearchSpec;
  readonly invoices: InvoiceDocument;
  readonly side: 'sales' | 'purchase';
  readonly money: 'in' | 'out';
  /** The header as the form checks it: the form's values in. */
  readonly header: z.ZodType<unknown, Record<string, unknown>>;
  readonly body: z.ZodType<SettlementBody>;
  /** A list entry as answered: an object of the kind's fields. */
  readonly summary: z.ZodType<Readonly<Record<string, unknown>>>;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
  readonly events: {
    readonly names: { readonly recorded: string; readonly revised: string; readonly voided: string; readonly allocated: string; readonly released: string };
    readonly types: readonly string[];
  };
  read(stored: unknown): SettlementChange | null;
  write(change: SettlementChange): { readonly type: string; readonly data: unknown };
  storedData(data: SettlementData): { readonly id: number } & Readonly<Record<string, unknown>>;
  streamOf(id: number): string;
}

