import { type InvoiceDocument, snakeCase } from '@erp/contracts';
import { type RawBuilder, sql } from 'kysely';

/**
 * A kind's documents to read a report from (issue 42): its list as it stands, or, with
 * `recordedBy`, each document as its last version recorded by then said it (its latest recorded
 * or revised event in the log), under the list's column names — the register's, the GST
 * summary's and the ageing's columns; a later revision of an old invoice does not change that answer.
 */
export const documentsAsRecorded = (doc: InvoiceDocument, recordedBy: string | null): RawBuilder<unknown> => {
  if (!recordedBy) return sql.table(doc.listTable);
  const text = (field: string) => sql`e.data->>${field}`;
  const amount = (field: string) => sql`coalesce((e.data->>${field})::numeric, 0)`;
  const types = [doc.events.names.recorded, doc.events.names.revised];
  return sql`(
    select (e.data->>'id')::int as id,
           (${text(doc.dateField)})::date as ${sql.ref(snakeCase(doc.dateField))}, (e.data->>'dueDate')::date as due_date,
           ${text(doc.numberField)} as ${sql.ref(snakeCase(doc.numberField))},
           (${text(doc.party.field)})::int as ${sql.ref(snakeCase(doc.party.field))},
           ${amount('subTotal')} as sub_total, ${amount('cgst')} as cgst, ${amount('sgst')} as sgst, ${amount('igst')} as igst,
           ${amount('taxAmount')} as tax_amount, ${amount('roundOff')} as round_off, ${amount('totalAmount')} as total_amount,
           coalesce(e.data->>'taxMode', 'manual') as tax_mode, coalesce((e.data->>'reverseCharge')::boolean, false) as reverse_charge,
           (e.data->>'active')::boolean as active, e.data->'lines' as lines, (e.data->>'openingOn')::date as opening_on
    from (select distinct on (stream_id) data from events
          where type = any(${types}::text[]) and recorded_at <= ${recordedBy}::timestamptz
          order by stream_id, stream_version desc) e)`;
};
