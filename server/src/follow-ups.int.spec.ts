import { api, byId, customersEntity, followUpsEntity, historyOf, indiaDate, leadConvertPath, leadsEntity } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

type Row = { id: number } & Record<string, unknown>;

/** A date `days` from today in India (the server's today, unless the test runs across midnight). */
const dayFrom = (days: number) => {
  const [y, m, d] = indiaDate(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * Follow-ups over HTTP (issue: follow-ups and lead conversion): made from a lead or a customer,
 * the today and overdue lists around today's date in India, the home screen's counts, and a
 * lead converted to a customer once — atomically, with its event on the lead's stream.
 */
describe('follow-ups and lead conversion', () => {
  const t = signedInOneProcess();
  const { write, read } = readYourWrites(() => t.owner);
  const path = followUpsEntity.path;
  let lead: Row;
  let customer: Row;

  it('a follow-up is made for a lead or a customer; blank date is today in India, status pending', async () => {
    lead = await write('post', leadsEntity.path, { name: 'Ravi Kumar', company: 'Kumar Textiles', phone: '+91 98111 22233', email: 'ravi@kumar.example', notes: 'Wants 200 shirts' });
    customer = await write('post', customersEntity.path, { name: 'Tilak Stores' });
    const call = await write('post', path, { leadId: lead.id, followUpType: 'call', notes: 'Quote for shirts' });
    expect(call).toMatchObject({ leadId: lead.id, customerId: null, followUpDate: dayFrom(0), followUpType: 'call', status: 'pending', active: true });
    const visit = await write('post', path, { customerId: String(customer.id), followUpType: 'visit', followUpDate: dayFrom(3) });
    expect(visit).toMatchObject({ leadId: null, customerId: customer.id, status: 'pending' });
    expect((await read<Row[]>(`${path}?q=tilak`)).map((f) => f.id)).toEqual([visit.id]);
    expect((await read<Row[]>(`${path}?q=kumar`)).map((f) => f.id)).toEqual([call.id]);
    expect((await read<Row[]>(`${path}?q=shirts`)).map((f) => f.id)).toEqual([call.id]);
  });

  it('refuses neither or both, and a lead or customer that does not exist, with a 400 on the field', async () => {
    for (const body of [{ followUpType: 'call' }, { followUpType: 'call', leadId: lead.id, customerId: customer.id }]) {
      const res = await t.owner.post<{ error: string; issues: { path: string }[] }>(path, body);
      expect(res.status).toBe(400);
      expect(res.body.issues.map((i) => i.path).sort()).toEqual(['customerId', 'leadId']);
    }
    const missing = await t.owner.post<{ message: string; issues: { path: string; message: string }[] }>(path, { followUpType: 'call', leadId: 99999 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Lead 99999 not found');
    expect(missing.body.issues).toEqual([{ path: 'leadId', message: 'Please select a lead' }]);
    const noType = await t.owner.post<{ issues: { path: string; message: string }[] }>(path, { leadId: lead.id });
    expect(noType.body.issues).toContainEqual({ path: 'followUpType', message: 'Please select a follow-up type' });
    const due = await t.owner.get(`${path}?due=tomorrow`);
    expect(due.status).toBe(400);
  });

  it('today and overdue list the pending, active follow-ups dated today and before; the home counts them', async () => {
    const make = (followUpDate: string, extra: Record<string, unknown> = {}) => write('post', path, { leadId: lead.id, followUpType: 'email', followUpDate, ...extra });
    const yesterday = await make(dayFrom(-1));
    const lastMonth = await make(dayFrom(-30), { followUpType: 'meeting' });
    await make(dayFrom(-2), { status: 'done' });
    await make(dayFrom(-2), { status: 'cancelled' });
    await make(dayFrom(0), { active: false });
    const today = await make(dayFrom(0), { customerId: null, followUpType: 'whatsapp' });
    await make(dayFrom(1));
    const ids = async (due: string) => (await read<Row[]>(`${path}?due=${due}`)).map((f) => f.id).sort((a, b) => a - b);
    const all = await read<Row[]>(path);
    const first = all.find((f) => f.followUpType === 'call')!;
    expect(await ids('today')).toEqual([first.id, today.id].sort((a, b) => a - b));
    expect(await ids('overdue')).toEqual([yesterday.id, lastMonth.id].sort((a, b) => a - b));
    expect((await read<Row[]>(`${path}?due=overdue&q=meeting`)).map((f) => f.id)).toEqual([lastMonth.id]);
    expect((await read<Row[]>(`${path}?due=today&q=WhatsApp`)).map((f) => f.id)).toEqual([today.id]);
    const home = await read<{ followUpsToday: number; followUpsOverdue: number }>(api.homeSummary);
    expect(home).toMatchObject({ followUpsToday: 2, followUpsOverdue: 2 });

    await write('put', byId(path, today.id), { ...today, status: 'done', outcome: 'Sent the catalogue', nextFollowUp: dayFrom(7) });
    expect(await ids('today')).toEqual([first.id]);
    expect((await read(api.homeSummary)).followUpsToday).toBe(1);
  });

  it('converts a lead to a customer with its details, records LeadConverted, and refuses a second time', async () => {
    const res = await t.owner.post<{ lead: Row; customer: Row }>(leadConvertPath(byId(leadsEntity.path, lead.id)), {});
    expect(res.status, res.text).toBe(201);
    const { customer: made } = res.body;
    expect(made).toMatchObject({ name: 'Kumar Textiles', contactPerson: 'Ravi Kumar', phone: '+91 98111 22233', email: 'ravi@kumar.example', active: true });
    expect(res.body.lead).toMatchObject({ id: lead.id, name: 'Ravi Kumar', convertedCustomerId: made.id });
    expect(res.headers.get('Location')).toBe(byId(customersEntity.path, made.id));
    const position = res.headers.get('X-Event-Position')!;
    const fresh = async <T>(p: string) => (await t.owner.get<T>(p, { headers: { 'X-Min-Position': position } })).body;
    expect(await fresh<Row>(byId(customersEntity.path, made.id))).toEqual(made);
    expect((await fresh<Row>(byId(leadsEntity.path, lead.id))).convertedCustomerId).toBe(made.id);
    const history = await fresh<{ type: string; changes: unknown[] }[]>(historyOf(leadsEntity.path, lead.id));
    expect(history.at(-1)).toMatchObject({ type: 'LeadConverted', changes: [{ field: 'convertedCustomerId', from: null, to: made.id }] });

    const again = await t.owner.post<{ error: string; message: string }>(leadConvertPath(byId(leadsEntity.path, lead.id)), {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Lead ${lead.id} was already converted to customer ${made.id}`);
    const customers = await fresh<Row[]>(customersEntity.path);
    expect(customers.filter((c) => c.name === 'Kumar Textiles')).toHaveLength(1);

    // An edit of the lead keeps it converted; its follow-ups stay on it; new ones go on the customer.
    const edited = await write('put', byId(leadsEntity.path, lead.id), { name: 'Ravi Kumar', company: 'Kumar Textiles', status: 'closed', convertedCustomerId: null });
    expect(edited).toMatchObject({ status: 'closed', convertedCustomerId: made.id });
    const next = await write('post', path, { customerId: made.id, followUpType: 'visit', followUpDate: dayFrom(7) });
    expect(next.customerId).toBe(made.id);
    expect((await read<Row[]>(`${path}?q=ravi`)).length).toBeGreaterThan(0);

    const person = await write('post', leadsEntity.path, { name: 'Meena Shah', phone: '98200 11223' });
    const alone = await t.owner.post<{ customer: Row }>(leadConvertPath(byId(leadsEntity.path, person.id)), {});
    expect(alone.status).toBe(201);
    expect(alone.body.customer).toMatchObject({ name: 'Meena Shah', contactPerson: null, phone: '98200 11223', email: null });
    const nobody = await t.owner.post(leadConvertPath(byId(leadsEntity.path, 99999)), {});
    expect(nobody.status).toBe(404);
  });

  it('a conversion retried with the same Idempotency-Key answers the first one again and makes no second customer', async () => {
    const prospect = await write('post', leadsEntity.path, { name: 'Asha Rao', company: 'Rao Stores' });
    const convert = () => t.owner.post<{ lead: Row; customer: Row }>(leadConvertPath(byId(leadsEntity.path, prospect.id)), {}, { headers: { 'Idempotency-Key': `convert-${prospect.id}` } });
    const first = await convert();
    const again = await convert();
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(201);
    expect(again.body).toEqual(first.body);
    const position = again.headers.get('X-Event-Position')!;
    const customers = (await t.owner.get<Row[]>(customersEntity.path, { headers: { 'X-Min-Position': position } })).body;
    expect(customers.filter((c) => c.name === 'Rao Stores')).toHaveLength(1);
  });
});
