import type { InvoiceDocument } from '@erp/contracts';
import { sql } from 'kysely';

/**
 * `and <alias>.opening_on is null` for a kind with opening items (issue 43): what was sold or
 * bought (registers, GSTR-1, sales by day) leaves out the open items of the books before these
 * began; what is owed (balances, ageing, statements) keeps them.
 */
export const notOpening = (doc: Pick<InvoiceDocument, 'opening'>, alias?: string) =>
  doc.opening ? sql` and ${sql.ref(alias ? `${alias}.opening_on` : 'opening_on')} is null` : sql``;
