import {
  ActivityPageSchema,
  api,
  byId,
  LeadConversionSchema,
  leadConvertPath,
  leadsEntity,
  BUSINESS_PATH,
  DeviceBodySchema,
  DEVICES_PATH,
  DeviceSchema,
  BusinessAnswerSchema,
  BusinessBodySchema,
  BusinessSchema,
  CredentialsSchema,
  ErrorBodySchema,
  HEADERS,
  HealthSchema,
  HomeSummarySchema,
  ItemStockSchema,
  MeSchema,
  NewUserSchema,
  PasswordChangeSchema,
  PasswordResetSchema,
  UserChangeSchema,
  UserSchema,
  ModuleSchema,
  RecordedEventSchema,
  SetupSchema,
  STOCK_PATH,
  STOCK_VALUATION_PATH,
  StockValuationAnswerSchema,
  stockLedgerPath,
  StockMovementSchema,
  TaskSchema,
  JOURNAL_VOUCHERS_PATH,
  JournalVoucherBodySchema,
  JournalVoucherSchema,
} from '@erp/contracts';
import { z } from 'zod';

import { shareSchemas } from './openapi-components';
import { commonComponents, finishPaths, tagsOf } from './openapi-finish';
import { body, error, errors, idParam, listed, listParams, nextAfter, ok, written } from './openapi-parts';
import { creditPaths, documentPaths, entityPaths, pdfPaths, repeatPaths, voidPaths } from './openapi-records';
import { ENVIRONMENT_DOCS, HEALTH_SUMMARY, METRICS_SUMMARY } from './operations-doc';
import { booksPaths } from '../books/books.openapi';
import { bankReconciliationPaths } from '../books/bank-reconciliation.openapi';
import { gstr2bPaths } from '../gst/gstr2b.openapi';
import { filedPaths } from '../gst/filed.openapi';
import { openingPaths } from '../books/openings.openapi';
import { payrollPaths } from '../hr/payroll.openapi';
import { lockPaths } from '../settings/locks.openapi';
import { webhookPaths } from './openapi-webhooks';
import { eDocumentOpenApiPaths } from '../documents/e-documents/e-documents.openapi';
import { apiKeyPaths } from './openapi-api-keys';
import { RECORD_MODULES } from './activity.route';

const MODULE_NAME = { name: 'name', in: 'path', required: true, schema: { type: 'string', maxLength: 100 }, description: 'A module, e.g. `purchase`' };
/** Node's HTTP server answers it itself, before any route: the one 4xx of the routes that read nothing. */
const HEADERS_TOO_LARGE = { description: 'Request headers over 16 KB (the HTTP server refuses them; no body)' };
const SIGN_IN_EXAMPLE = { username: 'owner', password: 'correct horse battery staple' };

let built: ReturnType<typeof buildDocument> | undefined;
/** The OpenAPI 3.1 document, generated from the contracts' zod schemas once per process (it is the same every time; do not change it). */
export const openApiDocument = () => (built ??= buildDocument());

const buildDocument = () => {
  const paths = allPaths();
  return shareSchemas({
    openapi: '3.1.0',
    info: INFO,
    servers: [{ url: '/', description: 'The server that serves this document' }],
    security: [{ session: [] }, { apiKey: [] }],
    tags: tagsOf(paths),
    paths,
    components: commonComponents(),
    /** The server processes' settings (not part of OpenAPI proper: for operators reading this). */
    'x-environment': ENVIRONMENT_DOCS,
    /** Not a route of the API (it is on METRICS_PORT, never the app's port): for operators. */
    'x-metrics': METRICS_SUMMARY,
  });
};

const INFO = {
  title: 'Udyam ERP API',
  version: '0.1.0',
  description:
    'Event-sourced ERP for micro-businesses. Session cookie or API key (`Authorization: Bearer erp_…`, rate-limited per key: RateLimit-* headers, 429 with Retry-After); writes return X-Event-Position; reads accept X-Min-Position. A query parameter or body field a route does not take is a 400 naming it (a write may carry back the fields of the record it read).',
  contact: { name: 'Udyam ERP' },
  license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
};

const allPaths = () =>
  finishPaths({
    [api.auth.setup]: {
      post: {
        tags: ['Auth'],
        summary: 'Create the first user (the owner) with the setup code the server printed, and sign in; only while no user exists',
        requestBody: body(SetupSchema, { ...SIGN_IN_EXAMPLE, setupCode: 'ABCD-EFGH' }),
        responses: { 201: ok('First user created; sets the session cookie', MeSchema), 400: error, 409: error, 429: error },
      },
    },
    [api.auth.login]: {
      post: {
        tags: ['Auth'],
        summary: 'Sign in; sets the session cookie. One generic 401 for a wrong user or password; 429 after repeated failures; 503 while too many sign-ins are being checked',
        requestBody: body(CredentialsSchema, SIGN_IN_EXAMPLE),
        responses: { 200: ok('Signed in', MeSchema), 400: error, 401: error, 429: error },
      },
    },
    [api.auth.logout]: { post: { tags: ['Auth'], summary: 'Sign out: the session ends on the server and its cookie is cleared', responses: { 204: ok('Signed out') } } },
    [api.auth.me]: {
      get: {
        tags: ['Auth'],
        summary: 'Who is signed in, with their role; 401 (with `setupRequired`) without a session',
        responses: {
          200: ok('Current user, with their role', MeSchema),
          401: ok('No session; `setupRequired` says whether the first user must still be set up', ErrorBodySchema.extend({ setupRequired: z.boolean() })),
        },
      },
    },
    [api.auth.password]: {
      post: { tags: ['Auth'], summary: 'Change your own password (the current one is asked); your other sessions end', requestBody: body(PasswordChangeSchema), responses: { 204: ok('Changed'), ...errors, 429: error } },
    },
    [api.users]: {
      get: { tags: ['Users'], summary: 'The users (owner only)', responses: { 200: ok('Users', z.array(UserSchema)), ...errors } },
      post: { tags: ['Users'], summary: 'Add a user with a role (owner only)', requestBody: body(NewUserSchema), responses: { 201: ok('Added', UserSchema), ...errors, 409: error } },
    },
    [`${api.users}/{id}`]: {
      parameters: [idParam],
      put: {
        tags: ['Users'],
        summary: "Change a user's role, or disable them (their sessions end at once); the business keeps one owner who can sign in (owner only)",
        requestBody: body(UserChangeSchema),
        responses: { 200: ok('Changed', UserSchema), ...errors, 409: error },
      },
    },
    [`${api.users}/{id}/password`]: {
      parameters: [idParam],
      post: { tags: ['Users'], summary: 'Set a new password for a user; their sessions end (owner only)', requestBody: body(PasswordResetSchema), responses: { 204: ok('Set'), ...errors } },
    },
    [api.modules]: { get: { tags: ['Modules'], summary: 'The modules of the app, in menu order', responses: { 200: ok('Modules', z.array(ModuleSchema)) } } },
    [`${api.modules}/{name}`]: { parameters: [MODULE_NAME], get: { tags: ['Modules'], summary: 'One module by name', responses: { 200: ok('Module', ModuleSchema), 404: error } } },
    [`${api.modules}/{name}/tasks`]: { parameters: [MODULE_NAME], get: { tags: ['Modules'], summary: 'The tasks (screens) of a module', responses: { 200: ok('Tasks', z.array(TaskSchema)), 404: error } } },
    [api.homeSummary]: { get: { tags: ['Home'], summary: "The home page's figures: this month's sales, invoices this month, unpaid invoices", responses: { 200: ok('Figures', HomeSummarySchema) } } },
    [api.activity]: {
      get: {
        tags: ['Operators'],
        summary: 'Who did what to which record, newest first, with each change before → after (owner only)',
        parameters: [
          { name: 'user', in: 'query', schema: { type: 'string', maxLength: 100 }, description: 'Only this username' },
          { name: 'module', in: 'query', schema: { type: 'string', maxLength: 40 }, description: 'Only this module (purchase, sales, inventory, hr, crm, accounting, settings)' },
          { name: 'record', in: 'query', schema: { type: 'string', maxLength: 80 }, description: 'Only this record: its stream, e.g. vendor-3' },
          { name: 'from', in: 'query', schema: { type: 'string', format: 'date' }, description: 'From this day (India); a real day of the years 1900 to 2999, on or before `to`' },
          { name: 'to', in: 'query', schema: { type: 'string', format: 'date' }, description: 'To this day (India), inclusive; a real day of the years 1900 to 2999' },
          { name: 'before', in: 'query', schema: { type: 'string', maxLength: 18, pattern: '^[1-9][0-9]{0,17}$' }, description: 'The next of the previous page' },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
        ],
        responses: { 200: ok('A page of the activity log', ActivityPageSchema), ...errors },
      },
    },
    [leadConvertPath(byId(leadsEntity.path, '{id}'))]: {
      parameters: [idParam],
      post: {
        tags: [leadsEntity.label],
        summary: 'Convert a lead to a customer: the customer is made from its details (company as the name, the lead as contact person) and the lead records LeadConverted naming it; a second conversion is 409',
        responses: { 201: ok('Converted', LeadConversionSchema, { headers: written }), ...errors },
      },
    },
    [api.activityExport]: {
      get: {
        tags: ['Operators'],
        summary: 'The audit trail of a period as CSV for the auditor, oldest first: one line per changed field (time, user, record, stream, event, field, before, after); owner only',
        parameters: [
          { name: 'fy', in: 'query', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$' }, description: 'A financial year, `2025-26`: 1 April 2025 to 31 March 2026 (not with from or to)' },
          { name: 'from', in: 'query', schema: { type: 'string', format: 'date' }, description: 'First day in India (default: 1 April of the financial year of `to`); at most 10 years before `to`' },
          { name: 'to', in: 'query', schema: { type: 'string', format: 'date' }, description: 'Last day in India (default: today)' },
        ],
        responses: { 200: { description: 'text/csv', content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors },
      },
    },
    [api.events]: {
      get: {
        tags: ['Operators'],
        summary: 'Page through the event log in global order (never skips an event that commits late); the audit trail, owner only',
        parameters: [
          { name: 'after', in: 'query', schema: { type: 'string', maxLength: 40 }, description: 'The X-Next-After of the previous page (opaque), or a log position: the page starts after it. Default: the start of the log' },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
          {
            name: 'type',
            in: 'query',
            style: 'form',
            explode: true,
            schema: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 100 } },
            description: 'Only events of these types: `type=A&type=B`, or `type=A,B` (at most 50)',
          },
          { name: 'stream', in: 'query', schema: { type: 'string', maxLength: 500 }, description: 'Only events of this stream' },
          { name: 'module', in: 'query', schema: { type: 'string', enum: [...RECORD_MODULES] }, description: "Only events of this module's records (`purchase`: vendors, purchase invoices, payments…; `settings`: the business profile and users)" },
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
        responses: { 200: ok('`ok` or `degraded`, with `problems`', HealthSchema), 431: HEADERS_TOO_LARGE, 503: ok('`down`: the store is unreachable', HealthSchema) },
      },
    },
    ...entityPaths(),
    ...documentPaths(),
    ...voidPaths(),
    ...repeatPaths(),
    ...creditPaths(),
    ...pdfPaths(),
    ...eDocumentOpenApiPaths(),
    ...booksPaths(),
    ...bankReconciliationPaths(),
    ...gstr2bPaths(),
    ...filedPaths(),
    ...openingPaths(),
    ...payrollPaths(),
    ...lockPaths(),
    ...webhookPaths({ ok, errors, body, idParam }),
    ...apiKeyPaths({ ok, errors, body, idParam }),
    [JOURNAL_VOUCHERS_PATH]: {
      get: { tags: ['Books'], summary: 'Journal vouchers, newest first', parameters: listParams, responses: { 200: ok('Vouchers', listed(JournalVoucherSchema), { headers: nextAfter }), ...errors } },
      post: {
        tags: ['Books'],
        summary: 'Record a journal voucher: lines on ledgers (a party on Sundry Debtors or Creditors), each a debit or a credit; debits must equal credits',
        requestBody: body(JournalVoucherBodySchema),
        responses: { 201: ok('Recorded', JournalVoucherSchema, { headers: written }), ...errors },
      },
    },
    [`${JOURNAL_VOUCHERS_PATH}/{id}`]: {
      parameters: [idParam],
      get: { tags: ['Books'], summary: 'One journal voucher; ETag carries its version', responses: { 200: ok('Voucher', JournalVoucherSchema), ...errors } },
      put: {
        tags: ['Books'],
        summary: 'Revise a journal voucher (active: false cancels it): its old posting is reversed and the new one posted',
        requestBody: body(JournalVoucherBodySchema),
        responses: { 200: ok('Revised', JournalVoucherSchema, { headers: written }), ...errors },
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
    [STOCK_VALUATION_PATH]: {
      get: {
        tags: ['Stock'],
        summary: "Every item's stock valued at its moving weighted-average cost, exact to the paisa: quantity, value and rate per item that has moved, and the total, as of a day and, with recordedBy, as the books stood at that moment. Any other parameter is a 400",
        parameters: [
          { name: 'asOf', in: 'query', schema: { type: 'string', format: 'date' }, description: 'The day (default today): movements dated on or before it' },
          { name: 'recordedBy', in: 'query', schema: { type: 'string', format: 'date-time' }, description: 'Only what had been recorded by this moment counts' },
        ],
        responses: { 200: ok('Valuation', StockValuationAnswerSchema), ...errors },
      },
    },
    [stockLedgerPath('{id}')]: {
      parameters: [idParam],
      get: { tags: ['Stock'], summary: "Where an item's stock came from: adjustments and document lines, oldest first, with the balance after each", responses: { 200: ok('Ledger', z.array(StockMovementSchema)), ...errors } },
    },
    [DEVICES_PATH]: {
      post: {
        tags: ['Settings'],
        summary: "Register a device that may sell offline: it is given a code (D2) naming its own series of sales invoice numbers (D2/2026-27/0001), which the invoices it makes offline carry when they sync",
        requestBody: body(DeviceBodySchema),
        responses: { 201: ok('Registered', DeviceSchema, { headers: written }), ...errors },
      },
    },
    [BUSINESS_PATH]: {
      get: { tags: ['Settings'], summary: 'The business profile (null until it is set); ETag carries its version', responses: { 200: ok('Profile', BusinessAnswerSchema), ...errors } },
      put: {
        tags: ['Settings'],
        summary: 'Set the business profile: names, address, state, GSTIN (its state must be the state), PAN, bank and UPI for "pay to", number series prefixes, regular or composition',
        requestBody: body(BusinessBodySchema),
        responses: { 200: ok('Saved', BusinessSchema, { headers: written }), ...errors, 412: error },
      },
    },
  });
