import {
  api,
  BUSINESS_PATH,
  BusinessAnswerSchema,
  BusinessBodySchema,
  BusinessSchema,
  byId,
  CredentialsSchema,
  ErrorBodySchema,
  HEADERS,
  HealthSchema,
  HistoryEntrySchema,
  historyOf,
  HomeSummarySchema,
  IDEMPOTENCY_KEY_MAX,
  INVOICE_DOCUMENTS,
  isPrintable,
  ItemStockSchema,
  MASTER_DATA_ENTITIES,
  MeSchema,
  NewUserSchema,
  PasswordChangeSchema,
  PasswordResetSchema,
  UserChangeSchema,
  UserSchema,
  ModuleSchema,
  PAGE_LIMIT_MAX,
  pdfPath,
  RecordedEventSchema,
  SETTLEMENT_DOCUMENTS,
  STOCK_PATH,
  stockLedgerPath,
  StockMovementSchema,
  TaskSchema,
  VoidBodySchema,
  voidPath,
  JOURNAL_VOUCHERS_PATH,
  JournalVoucherBodySchema,
  JournalVoucherSchema,
} from '@erp/contracts';
import { z } from 'zod';

import { ENVIRONMENT_DOCS, HEADER_DOCS, HEALTH_SUMMARY, METRICS_SUMMARY } from './operations-doc';
import { booksPaths } from '../books/books.openapi';
import { payrollPaths } from '../hr/payroll.openapi';
import { webhookPaths } from './openapi-webhooks';

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' });

const ok = (description: string, schema?: z.ZodType, extra: Record<string, unknown> = {}) => ({
  description,
  ...(schema ? { content: { 'application/json': { schema: json(schema) } } } : {}),
  ...extra,
});
const errors = {
  400: { $ref: '#/components/responses/Error' },
  401: { $ref: '#/components/responses/Error' },
  /** The signed-in user's role may not use the route (issue 22). */
  403: { $ref: '#/components/responses/Error' },
  404: { $ref: '#/components/responses/Error' },
};
const body = (schema: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: json(schema, 'input') } },
});
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
/** `?q=&limit=&after=` of every list (query-service/src/shared/paging.ts). */
const listParams = [
  { name: 'q', in: 'query', schema: { type: 'string', maxLength: 200 }, description: 'Case-insensitive search in the texts of a row and the names it points at' },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX }, description: 'Page size; without it, every row' },
  { name: 'after', in: 'query', schema: { type: 'string' }, description: 'The X-Next-After of the previous page' },
];
const nextAfter = { [HEADERS.nextAfter]: { schema: { type: 'string' }, description: 'Present when another page follows: pass it as ?after=' } };
const position = { 'X-Event-Position': { schema: { type: 'string' }, description: 'Global position of the write; send it back as X-Min-Position' } };

const entityPaths = () =>
  Object.fromEntries(
    MASTER_DATA_ENTITIES.flatMap((e) => [
      [e.path, {
        get: { tags: [e.label], summary: `List ${e.plural}`, parameters: listParams, responses: { 200: ok('List', z.array(e.record), { headers: nextAfter }), ...errors } },
        post: {
          tags: [e.label], summary: `Create a ${e.singular}`, requestBody: body(e.body),
          parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX } }],
          responses: { 201: ok('Created', e.record, { headers: position }), ...errors, 409: errors[400], 415: errors[400] },
        },
      }],
      [byId(e.path, '{id}'), {
        parameters: [idParam],
        get: { tags: [e.label], summary: `One ${e.singular}; ETag carries its version`, responses: { 200: ok('Found', e.record), ...errors } },
        put: {
          tags: [e.label], summary: `Update a ${e.singular}`, requestBody: body(e.body),
          parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
          responses: { 200: ok('Updated', e.record, { headers: position }), ...errors, 412: errors[400] },
        },
        ...(e.canDelete ? { delete: { tags: [e.label], summary: `Delete a ${e.singular}`, responses: { 204: ok('Deleted'), ...errors, 412: errors[400] } } } : {}),
      }],
      [historyOf(e.path, '{id}'), {
        parameters: [idParam],
        get: { tags: [e.label], summary: 'Who changed what, when', responses: { 200: ok('History', z.array(HistoryEntrySchema)), ...errors } },
      }],
    ]),
  );

interface DocumentDoc {
  readonly label: string;
  readonly path: string;
  readonly body: z.ZodType;
  readonly summary: z.ZodType;
  readonly record: z.ZodType;
  readonly line: z.ZodType;
}

/** Documents (DESIGN §4): list, create, one with lines and allocations, revise, lines, history. */
const documentPaths = (docs: readonly DocumentDoc[]) =>
  Object.fromEntries(
    docs.flatMap((d) => [
      [d.path, {
        get: { tags: [d.label], summary: `List (newest first, without lines)`, parameters: listParams, responses: { 200: ok('List', z.array(d.summary), { headers: nextAfter }), ...errors } },
        post: {
          tags: [d.label], summary: `Record a ${d.label.toLowerCase()}; the server computes every amount`, requestBody: body(d.body),
          parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX } }],
          responses: { 201: ok('Recorded', d.record, { headers: position }), ...errors, 409: errors[400], 415: errors[400] },
        },
      }],
      [byId(d.path, '{id}'), {
        parameters: [idParam],
        get: { tags: [d.label], summary: 'One document with its lines; ETag carries its version', responses: { 200: ok('Found', d.record), ...errors } },
        put: {
          tags: [d.label], summary: `Revise a ${d.label.toLowerCase()} (lines replaced)`, requestBody: body(d.body),
          parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
          responses: { 200: ok('Revised', d.record, { headers: position }), ...errors, 409: errors[400], 412: errors[400] },
        },
      }],
      [`${byId(d.path, '{id}')}/lines`, {
        parameters: [idParam],
        get: { tags: [d.label], summary: 'Its lines', responses: { 200: ok('Lines', z.array(d.line)), ...errors } },
      }],
      [historyOf(d.path, '{id}'), {
        parameters: [idParam],
        get: { tags: [d.label], summary: 'Who changed what, when', responses: { 200: ok('History', z.array(HistoryEntrySchema)), ...errors } },
      }],
    ]),
  );

/** POST …/{id}/void of payments and receipts. */
const voidPaths = () =>
  Object.fromEntries(
    SETTLEMENT_DOCUMENTS.map((d) => [
      voidPath(byId(d.path, '{id}')),
      {
        parameters: [idParam],
        post: {
          tags: [d.label],
          summary: `Void a ${d.label.toLowerCase()} for good, with a reason kept in its history; every invoice it settled is released`,
          requestBody: body(VoidBodySchema),
          responses: { 200: ok('Voided', d.record, { headers: position }), ...errors, 409: errors[400], 412: errors[400] },
        },
      },
    ]),
  );

const DOCUMENTS: readonly DocumentDoc[] = [
  ...INVOICE_DOCUMENTS.map((d) => ({ ...d, label: d.label === 'Invoice' ? 'Purchase invoice' : d.label })),
  ...SETTLEMENT_DOCUMENTS,
];

/** The printed form of each printable document as a PDF (CGST Rule 46 particulars). */
const pdfPaths = () =>
  Object.fromEntries(
    INVOICE_DOCUMENTS.filter(isPrintable).map((doc) => [
      pdfPath(`${doc.path}/{id}`),
      {
        parameters: [idParam],
        get: {
          tags: [doc.label],
          summary: `The ${doc.label.toLowerCase()} as a PDF: supplier and recipient with GSTIN and state, lines with HSN, each tax, HSN summary, total in words, pay-to bank and UPI QR code`,
          responses: { 200: { description: 'application/pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }, ...errors },
        },
      },
    ]),
  );

/** The OpenAPI 3.1 document, generated from the contracts' zod schemas. */
export const openApiDocument = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Udyam ERP API',
    version: '0.1.0',
    description: 'Event-sourced ERP for micro-businesses. Session cookie auth; writes return X-Event-Position; reads accept X-Min-Position.',
  },
  paths: {
    [api.auth.setup]: { post: { tags: ['Auth'], requestBody: body(CredentialsSchema), responses: { 201: ok('First user created', MeSchema), 409: errors[400] } } },
    [api.auth.login]: { post: { tags: ['Auth'], requestBody: body(CredentialsSchema), responses: { 200: ok('Signed in', MeSchema), 401: errors[401], 429: errors[400] } } },
    [api.auth.logout]: { post: { tags: ['Auth'], responses: { 204: ok('Signed out') } } },
    [api.auth.me]: { get: { tags: ['Auth'], responses: { 200: ok('Current user, with their role', MeSchema), 401: errors[401] } } },
    [api.auth.password]: {
      post: { tags: ['Auth'], summary: 'Change your own password (the current one is asked); your other sessions end', requestBody: body(PasswordChangeSchema), responses: { 204: ok('Changed'), ...errors } },
    },
    [api.users]: {
      get: { tags: ['Users'], summary: 'The users (owner only)', responses: { 200: ok('Users', z.array(UserSchema)), ...errors } },
      post: { tags: ['Users'], summary: 'Add a user with a role (owner only)', requestBody: body(NewUserSchema), responses: { 201: ok('Added', UserSchema), ...errors, 409: errors[400] } },
    },
    [`${api.users}/{id}`]: {
      parameters: [idParam],
      put: {
        tags: ['Users'],
        summary: "Change a user's role, or disable them (their sessions end at once); the business keeps one owner who can sign in (owner only)",
        requestBody: body(UserChangeSchema),
        responses: { 200: ok('Changed', UserSchema), ...errors, 409: errors[400] },
      },
    },
    [`${api.users}/{id}/password`]: {
      parameters: [idParam],
      post: { tags: ['Users'], summary: 'Set a new password for a user; their sessions end (owner only)', requestBody: body(PasswordResetSchema), responses: { 204: ok('Set'), ...errors } },
    },
    ...webhookPaths({ ok, errors, body, idParam }),
    [api.modules]: { get: { tags: ['Modules'], responses: { 200: ok('Modules', z.array(ModuleSchema)) } } },
    [`${api.modules}/{name}`]: { get: { tags: ['Modules'], responses: { 200: ok('Module', ModuleSchema), 404: errors[404] } } },
    [`${api.modules}/{name}/tasks`]: { get: { tags: ['Modules'], responses: { 200: ok('Tasks', z.array(TaskSchema)), 404: errors[404] } } },
    [api.homeSummary]: { get: { tags: ['Home'], responses: { 200: ok('Figures', HomeSummarySchema) } } },
    [api.events]: {
      get: {
        tags: ['Operators'],
        summary: 'Page through the event log in global order (never skips an event that commits late)',
        parameters: [
          { name: 'after', in: 'query', schema: { type: 'string', maxLength: 40 }, description: 'The X-Next-After of the previous page (opaque), or a log position: the page starts after it. Default: the start of the log' },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
          { name: 'type', in: 'query', schema: { type: 'string', maxLength: 500 }, description: 'Only events of this type' },
          { name: 'stream', in: 'query', schema: { type: 'string', maxLength: 500 }, description: 'Only events of this stream' },
        ],
        responses: {
          200: ok('Events', z.array(RecordedEventSchema), {
            headers: { [HEADERS.nextAfter]: { schema: { type: 'string' }, description: 'Always present: where the next page starts (pass it as ?after=; on an empty page, poll with it later)' } },
          }),
          ...errors,
        },
      },
    },
    [api.health]: {
      get: {
        tags: ['Operators'],
        summary: HEALTH_SUMMARY,
        responses: { 200: ok('`ok` or `degraded`, with `problems`', HealthSchema), 503: ok('`down`: the store is unreachable', HealthSchema) },
      },
    },
    '/metrics': {
      get: { tags: ['Operators'], summary: METRICS_SUMMARY, security: [], responses: { 200: { description: 'Prometheus text format 0.0.4', content: { 'text/plain': { schema: { type: 'string' } } } } } },
    },
    ...entityPaths(),
    ...documentPaths(DOCUMENTS),
    ...voidPaths(),
    ...pdfPaths(),
    ...booksPaths(),
    ...payrollPaths(),
    [JOURNAL_VOUCHERS_PATH]: {
      get: { tags: ['Books'], summary: 'Journal vouchers, newest first (at most 1,000)', responses: { 200: ok('Vouchers', z.array(JournalVoucherSchema)), ...errors } },
      post: {
        tags: ['Books'],
        summary: 'Record a journal voucher: lines on ledgers (a party on Sundry Debtors or Creditors), each a debit or a credit; debits must equal credits',
        requestBody: body(JournalVoucherBodySchema),
        responses: { 201: ok('Recorded', JournalVoucherSchema, { headers: position }), ...errors },
      },
    },
    [`${JOURNAL_VOUCHERS_PATH}/{id}`]: {
      parameters: [idParam],
      get: { tags: ['Books'], summary: 'One journal voucher; ETag carries its version', responses: { 200: ok('Voucher', JournalVoucherSchema), ...errors } },
      put: {
        tags: ['Books'],
        summary: 'Revise a journal voucher (active: false cancels it): its old posting is reversed and the new one posted',
        requestBody: body(JournalVoucherBodySchema),
        responses: { 200: ok('Revised', JournalVoucherSchema, { headers: position }), ...errors },
      },
    },
    [STOCK_PATH]: {
      get: {
        tags: ['Stock'],
        summary: 'Current stock and status of every item; with asOf, the stock on that day (movements dated on or before it)',
        parameters: [{ name: 'asOf', in: 'query', schema: { type: 'string', format: 'date' } }],
        responses: { 200: ok('Stock', z.array(ItemStockSchema)), ...errors },
      },
    },
    [stockLedgerPath('{id}')]: {
      parameters: [idParam],
      get: { tags: ['Stock'], summary: "Where an item's stock came from: adjustments and document lines, oldest first, with the balance after each", responses: { 200: ok('Ledger', z.array(StockMovementSchema)), ...errors } },
    },
    [BUSINESS_PATH]: {
      get: { tags: ['Settings'], summary: 'The business profile (null until it is set); ETag carries its version', responses: { 200: ok('Profile', BusinessAnswerSchema), ...errors } },
      put: {
        tags: ['Settings'],
        summary: 'Set the business profile: names, address, state, GSTIN (its state must be the state), PAN, bank and UPI for "pay to", number series prefixes, regular or composition',
        requestBody: body(BusinessBodySchema),
        parameters: [{ name: 'If-Match', in: 'header', schema: { type: 'string' } }],
        responses: { 200: ok('Saved', BusinessSchema, { headers: position }), ...errors, 412: errors[400] },
      },
    },
  },
  components: {
    responses: { Error: ok('Error', ErrorBodySchema) },
    headers: Object.fromEntries(HEADER_DOCS.map((h) => [h.name, { description: `${h.in}: ${h.description}`, schema: { type: 'string' } }])),
  },
  /** The server processes' settings (not part of OpenAPI proper: for operators reading this). */
  'x-environment': ENVIRONMENT_DOCS,
});
