import { byId, deliveryChallans, eDocumentPaths, estimates, purchaseOrders, saleOrders, salesInvoices } from '@erp/contracts';
import Router from '@koa/router';
import { describe, expect, it } from 'vitest';

import type { ReadDeps } from '../../shared/read-your-writes';
import { eDocumentOpenApiPaths } from './e-documents.openapi';
import { eDocumentReadRoutes } from './e-documents.routes';

/** The GET routes the query service serves, named as OpenAPI names them. */
const routed = () => {
  const router = new Router();
  // Nothing is read while routes are only registered.
  eDocumentReadRoutes(router, {} as ReadDeps);
  return router.stack.filter((layer) => layer.methods.includes('GET')).map((layer) => String(layer.path).replace(':id', '{id}'));
};
const documented = eDocumentOpenApiPaths();
const paths = (doc: { path: string }) => eDocumentPaths(byId(doc.path, '{id}'));

describe('e-document routes by trait (issue 45)', () => {
  it('the OpenAPI documents exactly the GET routes served', () => {
    const gets = Object.entries(documented).flatMap(([path, item]) => (typeof item === 'object' && item !== null && 'get' in item ? [path] : []));
    expect(routed().sort()).toEqual(gets.sort());
  });

  it('a tax invoice has both files; a delivery challan its e-way bill and dispatch, no e-invoice or IRN; an estimate and orders none', () => {
    const invoice = paths(salesInvoices);
    expect(Object.keys(documented)).toEqual(expect.arrayContaining([invoice.state, invoice.dispatch, invoice.irn, invoice.eWayBill, invoice.eInvoice]));
    const challan = paths(deliveryChallans);
    expect(Object.keys(documented)).toEqual(expect.arrayContaining([challan.state, challan.dispatch, challan.eWayBill]));
    expect(Object.keys(documented)).not.toEqual(expect.arrayContaining([challan.irn]));
    expect(Object.keys(documented)).not.toEqual(expect.arrayContaining([challan.eInvoice]));
    for (const doc of [estimates, saleOrders, purchaseOrders]) {
      expect(Object.keys(documented).filter((path) => path.startsWith(`${doc.path}/`)), doc.label).toEqual([]);
    }
  });
});
