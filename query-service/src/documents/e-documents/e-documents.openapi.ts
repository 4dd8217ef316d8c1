import { byId, DispatchBodySchema, eDocumentPaths, EDocumentsAnswerSchema, EDocumentsSchema, INVOICE_DOCUMENTS, hasEDocuments, hasEInvoice, hasEWayBill, IrnBodySchema } from '@erp/contracts';

import { body, error, errors, idParam, ok, written } from '../../operators/openapi-parts';

const ERRORS = { ...errors, 409: error };
const file = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });

/** The e-way bill and e-invoice routes of each document a business issues (issue 44 item 6): each file of the kinds that have it. */
export const eDocumentOpenApiPaths = () =>
  Object.fromEntries(
    INVOICE_DOCUMENTS.filter(hasEDocuments).flatMap((doc) => {
      const paths = eDocumentPaths(byId(doc.path, '{id}'));
      const tags = [doc.label];
      const word = doc.label.toLowerCase();
      return [
        [paths.state, { parameters: [idParam], get: { tags, summary: `The ${word}'s dispatch details and IRN, whether it needs an e-way bill (its goods' value against the limit on its date) and what stops an e-invoice`, responses: { 200: ok('E-documents', EDocumentsAnswerSchema), ...ERRORS } } }],
        [paths.dispatch, { parameters: [idParam], post: { tags, summary: `Record the ${word}'s places, PIN codes and transport (vehicle, transporter, distance 1–4000 km, mode): what its e-way bill and e-invoice carry`, requestBody: body(DispatchBodySchema, { fromPlace: 'Bengaluru', fromPincode: '560001', toPlace: 'Pune', toPincode: '411018', distanceKm: 840, vehicleNumber: 'KA01AB1234' }), responses: { 200: ok('Recorded', EDocumentsSchema, { headers: written }), ...ERRORS } } }],
        ...(hasEInvoice(doc) ? [[paths.irn, { parameters: [idParam], post: { tags, summary: `Record the IRN, Ack No and Date and signed QR code the e-invoice portal gave the ${word}; from then its amounts cannot change`, requestBody: body(IrnBodySchema), responses: { 200: ok('Recorded', EDocumentsSchema, { headers: written }), ...ERRORS } } }]] : []),
        ...(hasEWayBill(doc) ? [[paths.eWayBill, {
          parameters: [idParam],
          get: {
            tags,
            summary: `The ${word}'s e-way bill as the portal's bulk-upload JSON ({version, billLists}); refused when older than 180 days, and below the ₹50,000 limit unless anyway=true`,
            parameters: [{ name: 'anyway', in: 'query', schema: { type: 'string', enum: ['true', 'false'] }, description: 'Make one below the limit all the same' }],
            responses: { 200: file('The e-way bill JSON'), ...ERRORS },
          },
        }]] : []),
        ...(hasEInvoice(doc) ? [[paths.eInvoice, { parameters: [idParam], get: { tags, summary: `The ${word}'s e-invoice JSON (IRP schema 1.1), checked against NIC's schema; 409 naming each field it would fail on`, responses: { 200: file('The e-invoice JSON'), ...ERRORS } } }]] : []),
      ];
    }),
  );
