import { DispatchBodySchema, eDocumentPaths, INVOICE_DOCUMENTS, IrnBodySchema } from '@erp/contracts';
import fc from 'fast-check';

import { describeCreditRoute } from './fuzz-credits';
import type { WriteTarget } from './fuzz-inputs';
import type { RouteInfo } from './routes';

const dispatch = {
  fromPlace: fc.constantFrom('Pune', 'Bengaluru', 'नाशिक'),
  fromPincode: fc.constant('411001'),
  toPlace: fc.constant('Bengaluru'),
  toPincode: fc.constant('560001'),
  distanceKm: fc.integer({ min: 1, max: 4000 }),
  vehicleNumber: fc.constantFrom('KA01AB1234', 'mh 12 ab 1234', '22BH1234AA'),
};
const irn = {
  irn: fc.stringMatching(/^[0-9a-f]{64}$/),
  ackNo: fc.constant('112010036563310'),
  ackDate: fc.constant('2026-11-20 12:31:00'),
  signedQrCode: fc.constant('eyJhbGciOiJSUzI1NiJ9.e30.c2ln'),
};

/** A document's e-way bill details and IRN (e-documents.int.spec.ts has their round trip): bodies only. */
const describeEDocumentRoute = (route: RouteInfo): Omit<WriteTarget, 'method' | 'path'> | undefined => {
  for (const doc of INVOICE_DOCUMENTS) {
    const paths = eDocumentPaths(`${doc.path}/:id`);
    if (route.path === paths.dispatch) return { schema: DispatchBodySchema, kind: 'action', streams: ['e-documents'], valid: () => fc.record(dispatch) };
    if (route.path === paths.irn) return { schema: IrnBodySchema, kind: 'action', streams: ['e-documents'], valid: () => fc.record(irn) };
  }
  return undefined;
};

/** The routes described outside fuzz-inputs.ts: credits applied and refunds (fuzz-credits.ts), and e-documents. */
export const describeOtherRoute = (route: RouteInfo, pieces: Parameters<typeof describeCreditRoute>[1]) => describeCreditRoute(route, pieces) ?? describeEDocumentRoute(route);
