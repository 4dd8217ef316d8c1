import { BUSINESS_PATH, byId, deliveryChallans, eDocumentPaths, estimates, pdfPath, purchaseOrders, saleOrders } from '@erp/contracts';
import { describe, expect, it } from 'vitest';

import { pdfText } from './testing/pdf-text';
import { readYourWrites, signedInOneProcess } from './testing/signed-in-system';

/**
 * Issue 45 over HTTP: an estimate, a sale order, a purchase order and a delivery challan print as
 * PDFs from their read models, each titled as what it is and none as a tax invoice or with a way
 * to pay; a delivery challan has an e-way bill and no e-invoice, the others neither.
 */
describe('printing estimates, orders and challans', () => {
  const t = signedInOneProcess();
  const { write } = readYourWrites(() => t.owner);
  const lines = [{ itemName: 'Steel almirah', hsn: '9403', unit: 'NOS', quantity: '2', rate: '40000', gstRate: '18' }];
  const pdfOf = async (record: string) => {
    const res = await fetch(`${t.system.baseUrl}${pdfPath(record)}`, { headers: { cookie: t.owner.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return { name: res.headers.get('content-disposition'), text: await pdfText(Buffer.from(await res.arrayBuffer())) };
  };

  it('each kind prints as itself: its title, number, dates and parties; never a tax invoice, nothing to pay', async () => {
    await write('put', BUSINESS_PATH, { legalName: 'Sharma Traders Pvt Ltd', state: '27', gstin: '27AAPFU0939F1ZV', upiId: 'sharma@okaxis', bankAccountNumber: '12345678901' });
    const customer = (await write('post', '/api/sales/customers', { name: 'Tilak Stores', gstNumber: '27ABCPT5678L1ZV', address: 'Karve Road, Pune' })).id;
    const vendor = (await write('post', '/api/purchase/vendors', { name: 'Gujarat Mills', gstNumber: '24AANFA2641L1ZF' })).id;
    const estimate = await write('post', estimates.path, { customerId: customer, estimateDate: '2026-11-20', validUntil: '2026-11-30', taxMode: 'gst', lines });
    const order = await write('post', saleOrders.path, { customerId: customer, orderDate: '2026-11-21', deliveryDate: '2026-11-28', taxMode: 'gst', lines });
    const po = await write('post', purchaseOrders.path, { vendorId: vendor, orderDate: '2026-11-20', deliveryDate: '2026-11-30', taxMode: 'gst', lines });
    const challan = await write('post', deliveryChallans.path, { customerId: customer, challanDate: '2026-11-22', taxMode: 'gst', lines });

    const printed = {
      estimate: await pdfOf(byId(estimates.path, estimate.id)),
      order: await pdfOf(byId(saleOrders.path, order.id)),
      po: await pdfOf(byId(purchaseOrders.path, po.id)),
      challan: await pdfOf(byId(deliveryChallans.path, challan.id)),
    };
    expect(printed.estimate.name).toBe('inline; filename="EST-2026-27-0001.pdf"');
    const expected: [string, { text: string }, string[]][] = [
      ['estimate', printed.estimate, ['Estimate', 'Estimate No. EST/2026-27/0001', 'Date: 20-11-2026', 'Valid until: 30-11-2026', 'Estimate for', 'Tilak Stores']],
      ['order', printed.order, ['Sale Order', 'Order No. SO/2026-27/0001', 'Delivery date: 28-11-2026', 'Bill to', 'Tilak Stores']],
      ['po', printed.po, ['Purchase Order', 'PO No. PO/2026-27/0001', 'Deliver by: 30-11-2026', 'To (vendor)', 'Gujarat Mills', 'GSTIN: 24AANFA2641L1ZF']],
      // CGST Rule 55: both parties with their GSTINs, HSN, quantity, taxable value, tax, place of supply, signature.
      ['challan', printed.challan, ['Delivery Challan', 'Original for consignee', 'Challan No. DC/2026-27/0001', 'Date: 22-11-2026', 'Consignee', 'GSTIN: 27AAPFU0939F1ZV', 'GSTIN: 27ABCPT5678L1ZV', 'Karve Road, Pune', '9403', '2 NOS', '80,000.00', 'CGST', '7,200.00', 'Place of supply: 27-Maharashtra', 'Authorised Signatory']],
    ];
    for (const [kind, { text }, texts] of expected) {
      for (const line of texts) expect(text, `${kind}: ${line}`).toContain(line);
      expect(text, kind).not.toMatch(/Tax Invoice|Bill of Supply|Scan to pay|Pay to|Paid|Due:/);
    }
  });

  it('a challan has an e-way bill and no e-invoice; an estimate, an order and a PO neither', async () => {
    const challan = eDocumentPaths(byId(deliveryChallans.path, 1));
    expect((await t.owner.get(challan.state)).status).toBe(200);
    // Asked before its transport is entered: refused for that, not unknown.
    expect((await t.owner.get(`${challan.eWayBill}?anyway=true`)).status).toBe(409);
    expect((await t.owner.get(challan.eInvoice)).status).toBe(404);
    for (const doc of [estimates, saleOrders, purchaseOrders]) {
      const paths = eDocumentPaths(byId(doc.path, 1));
      for (const route of [paths.state, paths.eWayBill, paths.eInvoice]) expect((await t.owner.get(route)).status, route).toBe(404);
    }
  });
});
