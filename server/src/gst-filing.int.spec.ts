import { BUSINESS_PATH, byId, creditNotes, type DeadlinesAnswer, GST_DEADLINES_PATH, GST_FILING_PATHS, salesInvoices } from '@erp/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { runCli } from './testing/run-modes';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/*
 * Issue 44 item 4 over HTTP: August 2026 of a Maharashtra (27) business, figures worked by hand.
 * GSTR-1's JSON is the portal's offline format (GST-AND-BOOKS.md §5). A later change to a filed
 * month goes in its GSTR-1A while its GSTR-3B is not filed (CGST Rule 59(4A), Notification
 * 12/2024-CT), else in the next GSTR-1 (s.37(3); tables 9A b2ba, 9C cdnra, 10 b2csa); a credit
 * note is reported in the month it is issued (s.34(2)).
 */
type Filed = {
  filing: { arn: string; filedOn: string; position: string } | null;
  filed: Record<string, unknown> | null;
  now: Record<string, unknown>;
  changed: boolean | null;
  amendments: { place: { return: string; period: string }; rows: { table: string; key: string; original: Record<string, unknown> | null; amended: Record<string, unknown> | null }[] } | null;
};
const BUYER = '27ABCPT5678L1ZV';
const gstr1 = (period: string) => GST_FILING_PATHS.filing('gstr1', period);

describe('periods as filed', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const events = async () => Number((await sql<{ n: string }>`select count(*) as n from events`.execute(t.database.db)).rows[0]!.n);
  let buyer: number, walkIn: number, invoice: { id: number }, september: { id: number };
  const sale = (customerId: number, invoiceDate: string, rate: string) => ({ customerId, invoiceDate, taxMode: 'gst', lines: [{ itemName: 'Kettle', quantity: '1', rate, gstRate: '18' }] });
  const note = (noteDate: string, rate: string) => ({ customerId: buyer, invoiceId: invoice.id, noteDate, taxMode: 'gst', noteType: 'price', lines: [{ itemName: 'Kettle', quantity: '1', rate, gstRate: '18' }] });

  it('August is marked filed with its ARN: the copy is exactly the return of that moment, and is in the log', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders', state: '27', gstin: '27AAPFU0939F1ZV' });
    buyer = (await write('post', '/api/sales/customers', { name: 'Pune Mart', gstNumber: BUYER })).id;
    walkIn = (await write('post', '/api/sales/customers', { name: 'Walk-in' })).id;
    // 10,000 at 18 % to a registered buyer: CGST 900, SGST 900, value 11,800 (b2b); 2,000 walk-in: b2cs.
    invoice = await write('post', salesInvoices.path, sale(buyer, '2026-08-03', '10000'));
    await write('post', salesInvoices.path, sale(walkIn, '2026-08-04', '2000'));
    const before = await read<Filed>(gstr1('2026-08'));
    expect(before).toMatchObject({ filing: null, filed: null, changed: null, amendments: null });

    const filing = await write('post', gstr1('2026-08'), { arn: 'aa270926012345x', filedOn: '2026-09-11' });
    expect(filing).toMatchObject({ return: 'gstr1', period: '2026-08', arn: 'AA270926012345X', filedOn: '2026-09-11' });
    const after = await read<Filed>(gstr1('2026-08'));
    expect(after.filed).toEqual(before.now);
    expect(after.filed?.b2b).toEqual([{ ctin: BUYER, inv: [expect.objectContaining({ val: 11800, itms: [{ num: 1, itm_det: { txval: 10000, rt: 18, iamt: 0, camt: 900, samt: 900, csamt: 0 } }] })] }]);
    expect(after.filed?.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 2000, iamt: 0, camt: 180, samt: 180, csamt: 0 }]);
    expect(after).toMatchObject({ changed: false, amendments: { place: { return: 'GSTR-1A', period: '2026-08' }, rows: [] } });
    // Reproducible from the log: the event keeps the JSON and the position it was computed at.
    const stored = (await sql<{ data: { json: unknown; position: string } }>`select data from events where type = 'GstReturnFiled'`.execute(t.database.db)).rows;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.data.json).toEqual(before.now);
    expect(BigInt(stored[0]!.data.position)).toBeGreaterThan(0n);
  });

  it('refuses an edit or a void of an August invoice (409 saying why), nothing appended; a second filing, a bad ARN or date', async () => {
    const count = await events();
    const message = 'GSTR-1 for August 2026 is filed: a document dated 03-08-2026 can no longer be changed or voided. Record a credit or debit note dated later instead.';
    const edit = await t.owner.put(byId(salesInvoices.path, invoice.id), sale(buyer, '2026-08-03', '9000'));
    expect([edit.status, (edit.body as { message: string }).message]).toEqual([409, message]);
    const moved = await t.owner.put(byId(salesInvoices.path, invoice.id), sale(buyer, '2026-09-03', '10000'));
    expect(moved.status).toBe(409);
    const voided = await t.owner.put(byId(salesInvoices.path, invoice.id), { ...sale(buyer, '2026-08-03', '10000'), active: false });
    expect(voided.status).toBe(409);
    const again = await t.owner.post(gstr1('2026-08'), { arn: 'AA270926099999X', filedOn: '2026-09-12' });
    expect([again.status, (again.body as { message: string }).message]).toEqual([409, 'GSTR-1 for August 2026 is already filed (ARN AA270926012345X)']);
    expect((await t.owner.post(gstr1('2026-07'), { arn: 'AA27', filedOn: '2026-08-11' })).status).toBe(400);
    expect((await t.owner.post(gstr1('2026-09'), { arn: 'AA270926012345X', filedOn: '2026-09-30' })).status).toBe(400);
    expect((await t.owner.post(gstr1('2026-09'), { arn: 'AA270926012345X', filedOn: '2026-10-11', extra: 1 })).status).toBe(400);
    expect((await t.owner.post(GST_FILING_PATHS.filing('gstr9', '2026-08'), { arn: 'AA270926012345X', filedOn: '2026-09-11' })).status).toBe(404);
    expect(await events()).toBe(count);
    expect((await t.owner.get(`${gstr1('2026-08')}?detail=1`)).status).toBe(400);
    expect((await t.owner.get(GST_FILING_PATHS.filing('gstr9', '2026-08'))).status).toBe(404);
    expect((await t.owner.get(gstr1('2026-13'))).status).toBe(400);
  });

  it('a credit note of September against the August invoice is let through and is reported in September, not as an amendment', async () => {
    september = await write('post', creditNotes.path, note('2026-09-05', '500'));
    expect((await read<Filed>(gstr1('2026-08'))).changed).toBe(false);
    const sept = await read<Filed>(gstr1('2026-09'));
    expect(sept.now.cdnr).toEqual([{ ctin: BUYER, nt: [expect.objectContaining({ nt_dt: '05-09-2026', val: 590 })] }]);
    // September is not filed: the note stays editable.
    await write('put', byId(creditNotes.path, september.id), note('2026-09-06', '500'));
  });

  it('a credit note of 28 August recorded after filing: amends August in its GSTR-1A; once GSTR-3B is filed, in September\'s GSTR-1', async () => {
    // 1,000 back at 18 %: CGST 90, SGST 90, value 1,180.
    await write('post', creditNotes.path, note('2026-08-28', '1000'));
    const open = await read<Filed>(gstr1('2026-08'));
    expect(open.changed).toBe(true);
    expect(open.amendments?.place).toEqual({ return: 'GSTR-1A', period: '2026-08' });
    expect(open.amendments?.rows).toEqual([
      {
        table: 'cdnr',
        section: 'cdnr',
        key: expect.stringMatching(new RegExp(`^${BUYER} `)),
        original: null,
        amended: expect.objectContaining({ ctin: BUYER, ntty: 'C', nt_dt: '28-08-2026', val: 1180, itms: [{ num: 1, itm_det: { txval: 1000, rt: 18, iamt: 0, camt: 90, samt: 90, csamt: 0 } }] }),
      },
    ]);
    // What was filed does not move.
    expect(open.filed?.cdnr).toEqual([]);

    await write('post', GST_FILING_PATHS.filing('gstr3b', '2026-08'), { arn: 'AA270926054321Z', filedOn: '2026-09-20' });
    // A walk-in sale of 1,000 missed in August: the 27 / 18 % summary 2,000 → 3,000, in b2csa.
    await write('post', salesInvoices.path, sale(walkIn, '2026-08-30', '1000'));
    const closed = await read<Filed>(gstr1('2026-08'));
    expect(closed.amendments?.place).toEqual({ return: 'GSTR-1', period: '2026-09' });
    expect(closed.amendments?.rows.map((r) => [r.table, r.original?.txval ?? null, r.amended?.txval ?? r.amended?.val ?? null])).toEqual([
      ['b2csa', 2000, 3000],
      ['cdnr', null, 1180],
    ]);
    const threeB = await read<Filed>(GST_FILING_PATHS.filing('gstr3b', '2026-08'));
    expect(threeB).toMatchObject({ filing: { arn: 'AA270926054321Z' }, changed: true, amendments: null });
  });

  it('the deadlines: each month from August on, due dates as the rule says, filed on time or overdue (issue 44 item 5)', async () => {
    const { deadlines } = await read<DeadlinesAnswer>(GST_DEADLINES_PATH);
    const of = (ret: string, period: string) => deadlines.find((d) => d.return === ret && d.period === period);
    // GSTR-1 by the 11th of the next month, GSTR-3B by the 20th: both filed on the day.
    expect(of('gstr1', '2026-08')).toMatchObject({ due: '2026-09-11', status: 'filed', arn: 'AA270926012345X', daysLate: 0, lastDay: '2029-09-10', warning: null });
    expect(of('gstr3b', '2026-08')).toMatchObject({ due: '2026-09-20', status: 'filed', filedOn: '2026-09-20', daysLate: 0 });
    // September's are past their due dates (this test runs after 20 October 2026) and not filed.
    expect(of('gstr1', '2026-09')).toMatchObject({ due: '2026-10-11', status: 'overdue', filedOn: null });
    expect(deadlines.at(-1)?.period).toBe('2026-08');
    expect((await t.owner.get(`${GST_DEADLINES_PATH}?from=2020-01`)).status).toBe(400);
  });

  it('a rebuild from the log gives the same filings, row for row', async () => {
    const filings = async () => (await sql<Record<string, unknown>>`select * from gst_filings order by key`.execute(t.database.db)).rows;
    const before = await filings();
    expect(before.map((r) => r.key)).toEqual(['gstr1:2026-08', 'gstr3b:2026-08']);
    const rebuilt = await runCli(['rebuild', 'gst_filings'], { DATABASE_URL: t.system.databaseUrl! });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await filings()).toEqual(before);
  });

  // The command computes the return on the read side before deciding (routes: why), so two
  // filings at once both compute it; the month's stream, appended at its version, takes one.
  it('two filings of September at once, with different ARNs: one appends, the other is refused naming it', async () => {
    const september = (arn: string) => t.owner.post<{ arn?: string; message?: string }>(gstr1('2026-09'), { arn, filedOn: '2026-10-11' });
    const answers = await Promise.all([september('AA271026011111X'), september('AA271026022222X')]);
    const won = answers.find((a) => a.status === 201);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(`GSTR-1 for September 2026 is already filed (ARN ${won?.body.arn})`);
    const stored = (await sql<{ arn: string }>`select data->>'arn' as arn from events where type = 'GstReturnFiled' and data->>'period' = '2026-09'`.execute(t.database.db)).rows;
    expect(stored).toEqual([{ arn: won?.body.arn }]);
  });

  it('the same filing twice at once (a double tap): both answered with it, appended once', async () => {
    const july = () => t.owner.post<{ arn?: string }>(gstr1('2026-07'), { arn: 'AA270826033333X', filedOn: '2026-08-11' });
    const answers = await Promise.all([july(), july()]);
    expect(answers.map((a) => [a.status, a.body.arn])).toEqual([[201, 'AA270826033333X'], [201, 'AA270826033333X']]);
    const stored = (await sql<{ n: string }>`select count(*) as n from events where type = 'GstReturnFiled' and data->>'period' = '2026-07'`.execute(t.database.db)).rows;
    expect(stored[0]!.n).toBe('1');
  });
});
