import {
  LOCKS_PATH,
  LockBodySchema,
  NewApiKeySchema,
  api,
  BANK_RECONCILIATION_PATH,
  MatchBodySchema,
  StatementImportBodySchema,
  customersEntity, leadConvertPath, leadsEntity,
  BUSINESS_PATH,
  BUSINESS_STREAM,
  BusinessBodySchema,
  DeviceBodySchema,
  DEVICES_PATH,
  CredentialsSchema,
  type Field,
  INT32_MAX,
  INVOICE_DOCUMENTS,
  JOURNAL_VOUCHER_STREAM,
  JOURNAL_VOUCHERS_PATH,
  JournalVoucherBodySchema,
  MASTER_DATA_ENTITIES,
  MONEY_MAX,
  PAYROLL_PATHS, PayrollRunBodySchema,
  payrollEntity,
  type FieldValues,
  NewUserSchema,
  PasswordChangeSchema,
  PasswordResetSchema,
  ROLES,
  UserChangeSchema,
  PAYMENT_METHODS,
  SETTLEMENT_DOCUMENTS,
  SetupSchema,
  gstinCheckCharacter,
  RepeatBodySchema,
  repeatPath,
  VoidBodySchema,
  voidPath,
  VOUCHER_TYPES, NewWebhookSchema, RedeliverSinceSchema, WebhookChangeSchema
} from '@erp/contracts';
import fc from 'fast-check';
import { z } from 'zod';

import { describeGstr2bRoute } from './fuzz-gstr2b';
import { describeOpeningRoute } from './fuzz-openings';
import { describeOtherRoute } from './fuzz-e-documents';
import type { RouteInfo } from './routes';

/**
 * Request bodies for fuzzing the write routes, derived from the contracts: which schema a route
 * validates with, bodies that schema accepts (built from the entity field kinds), and values a
 * hostile client sends. The schema is the oracle: what it rejects, the server must reject.
 */

/** Ids of records the generated bodies may point at (a vendor for an invoice, an item for stock). */
export interface Fixtures {
  readonly vendorId: number;
  readonly customerId: number;
  readonly itemId: number;
  readonly employeeId: number;
  /** An invoice of the fixtures' party by stream prefix (`sales-invoice`), with room for every note the fuzz writes. */
  readonly invoices: Readonly<Record<string, number>>;
  /** An advance of the fixtures' party by refund stream prefix (`refund` → `receipt-3`), with room for every refund the fuzz writes. */
  readonly advances: Readonly<Record<string, string>>;
}

export interface WriteTarget {
  readonly method: string;
  /** The router's pattern, e.g. `/api/purchase/vendors/:id`. */
  readonly path: string;
  /** What the route validates its body with; null for a route that reads none (DELETE). */
  readonly schema: z.ZodType | null;
  /** Bodies the schema accepts. */
  readonly valid: (fixtures: Fixtures) => fc.Arbitrary<Record<string, unknown>>;
  /** The API-shaped normal form of a body (a document's header: its body reads into the domain's names). */
  readonly shape?: z.ZodType;
  /** The stream prefixes an accepted write may append to; empty: writes no event (auth). */
  readonly streams: readonly string[];
  /** Other records' streams an accepted body may append to (a note's credit on its invoice). */
  readonly related?: (body: Record<string, unknown>) => readonly string[];
  /**
   * 'action': a command on one record that can be done once (void); 'settings': the one business
   * profile; 'users': the owner's users and one's own password (no events: roles.int.spec.ts has
   * their story); 'batch': one request that makes many records (a month's payroll run). None is in
   * the valid-body round trip (their own specs have it).
   */
  readonly kind: 'master-data' | 'invoice' | 'settlement' | 'refund' | 'voucher' | 'auth' | 'action' | 'settings' | 'users' | 'batch';
  /** Fields the server works out whatever is sent (a payroll's net). */
  readonly computed?: readonly string[];
  /** A document's date that a blank fills with today (in India). */
  readonly defaultedDate?: string;
}

const token = fc.stringMatching(/^[a-z0-9]{10}$/);
/** Text as people type it: any script, emoji, padding spaces that the contract trims. */
const anyText = (max = 40) => fc.string({ unit: 'grapheme', maxLength: max });
const requiredText = fc
  .tuple(fc.constantFrom('', ' ', '  '), fc.constantFrom('A', 'ब', 'Ü', '東', '😀'), anyText(30), token)
  .map(([pad, first, rest, t]) => `${pad}${first}${rest} ${t}${pad}`);
const optional = <T>(value: fc.Arbitrary<T>) => fc.oneof(value, fc.constantFrom(null, '', undefined));

const paise = (max: number) => fc.integer({ min: 0, max: max * 100 });
/** A decimal as a form or an integrator sends it: a number, or a string with 0–2 decimals. */
const decimal = (max: number, places: number) =>
  fc.tuple(fc.integer({ min: 0, max: max * 10 ** places }), fc.constantFrom('number', 'string', 'padded')).map(([units, as]) => {
    const text = (units / 10 ** places).toFixed(places);
    if (as === 'number') return Number(text);
    return as === 'padded' ? ` ${text} ` : text;
  });
const positiveDecimal = (max: number, places: number) => decimal(max, places).filter((v) => Number(v) > 0);
const isoDate = fc
  .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2150-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const gstin = fc
  .tuple(fc.integer({ min: 1, max: 37 }), fc.stringMatching(/^[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z$/))
  .map(([state, rest]) => `${String(state).padStart(2, '0')}${rest}`)
  .map((head) => `${head}${gstinCheckCharacter(head)}`);

/** Tax ids in either case (the contract upper-cases them), HSN codes. */
const PATTERNS = { pan: /^[A-Za-z]{5}[0-9]{4}[A-Za-z]$/, udyam: /^[Uu][Dd][Yy][Aa][Mm]-[A-Za-z]{2}-[0-9]{2}-[0-9]{7}$/, hsn: /^(\d{4}|\d{6}|\d{8})$/ };
const phoneNumber = fc.stringMatching(/^(\+91[ -]?)?[0-9][0-9 -]{3,20}$/);

const fieldValue = (name: string, f: Field, fixtures: Fixtures): fc.Arbitrary<unknown> => {
  const text = f.required ? requiredText : optional(anyText());
  switch (f.kind) {
    case 'text':
    case 'multiline':
      return text;
    case 'phone':
      return f.required ? phoneNumber : optional(phoneNumber);
    case 'email':
      return optional(fc.tuple(token, fc.constantFrom('shop.example', 'mail.co.in')).map(([u, d]) => `${u}@${d}`));
    case 'gstin':
      return optional(fc.oneof(gstin, gstin.map((g) => g.toLowerCase())));
    case 'pan':
    case 'udyam':
    case 'hsn':
      return optional(fc.stringMatching(PATTERNS[f.kind]));
    case 'code':
      return fc.tuple(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,12}$/), token).map(([c, t]) => `${c}-${t}`);
    case 'select':
      return f.required && f.defaultValue === undefined ? fc.constantFrom(...f.options!) : fc.constantFrom(...f.options!, '', null);
    case 'money':
      return optional(paise(MONEY_MAX).map((p) => (p % 2 ? p / 100 : (p / 100).toFixed(2))));
    case 'percent':
      return optional(decimal(100, 2));
    case 'integer': {
      const whole = fc.integer(f.range ?? { min: 0, max: INT32_MAX });
      return f.required ? whole : optional(whole);
    }
    case 'date':
      return optional(isoDate);
    case 'quantity':
      return positiveDecimal(1_000_000, 2);
    case 'reference': {
      const ids: Readonly<Record<string, number>> = { item: fixtures.itemId, vendor: fixtures.vendorId, customer: fixtures.customerId, employee: fixtures.employeeId };
      return fc.constant(ids[f.refersTo?.singular ?? ''] ?? fixtures.vendorId);
    }
    case 'boolean':
      return fc.boolean();
  }
};

/** Whether the server can work out the computed fields of this body (deductions above the gross cannot). */
const computable = (entity: (typeof MASTER_DATA_ENTITIES)[number], body: Record<string, unknown>) => {
  const values = entity.body.parse(body) as FieldValues;
  try {
    for (const compute of Object.values(entity.rules?.computed ?? {})) compute?.(values);
    return true;
  } catch {
    return false;
  }
};

const withOptionalKeys = (model: Record<string, fc.Arbitrary<unknown>>, required: readonly string[]) =>
  fc.record(model, { requiredKeys: required as string[] }) as fc.Arbitrary<Record<string, unknown>>;

/** A valid body's due date is not before its date (given both): swapped when generated so. */
const dueNotBefore = (dateField: string, dueField = 'dueDate') => (body: Record<string, unknown>) => {
  const date = body[dateField];
  const due = body[dueField];
  return typeof date === 'string' && typeof due === 'string' && date !== '' && due !== '' && due.trim() < date.trim() ? { ...body, [dateField]: due, [dueField]: date } : body;
};

const invoiceLine = fc.record(
  { itemName: requiredText, description: optional(anyText()), quantity: positiveDecimal(10_000, 3), rate: decimal(100_000, 2) },
  { requiredKeys: ['itemName', 'quantity', 'rate'] },
);

/** A return of some of the fixture invoice's one line (it sold a million). */
const noteLine = fc.record({ invoiceLineNo: fc.constantFrom(1, '1'), quantity: positiveDecimal(10, 3) });

const partyOf = (field: string, fixtures: Fixtures) => (field === 'vendorId' ? fixtures.vendorId : fixtures.customerId);

/** True for the collection route and the record route of `path`. */
const covers = (path: string, routePath: string) => routePath === path || routePath === `${path}/:id`;

/** The write targets of every command route: a route the contracts do not describe is an error. */
export const writeTargets = (routes: readonly RouteInfo[]): WriteTarget[] =>
  routes
    // The command service's GET is its health check for the proxy, not a write.
    .filter((r) => r.side === 'command' && r.method !== 'GET')
    .map((route) => {
      const found = describeRoute(route);
      if (!found) throw new Error(`No contract for ${route.method} ${route.path}: describe it in fuzz-inputs.ts`);
      return { ...found, method: route.method, path: route.path };
    });

const describeRoute = (route: RouteInfo): Omit<WriteTarget, 'method' | 'path'> | undefined => {
  if (route.path === api.auth.setup || route.path === api.auth.login) {
    const schema = route.path === api.auth.setup ? SetupSchema : CredentialsSchema;
    return {
      schema,
      kind: 'auth',
      streams: [],
      valid: () =>
        fc.record({
          username: requiredText,
          password: fc.string({ unit: 'grapheme', minLength: 8, maxLength: 60 }),
          ...(route.path === api.auth.setup ? { setupCode: fc.constant('TEST-CODE') } : {}),
        }),
    };
  }
  if (route.path === api.auth.logout) return { schema: null, kind: 'auth', streams: [], valid: () => fc.constant({}) };
  const password = fc.string({ unit: 'grapheme', minLength: 8, maxLength: 60 }).filter((p) => p.length >= 8);
  const role = fc.constantFrom(...ROLES);
  // The owner's own password is never guessed here, so a valid change answers 400 and ends no session.
  if (route.path === api.auth.password) return { schema: PasswordChangeSchema, kind: 'users', streams: [], valid: () => fc.record({ currentPassword: password, newPassword: password }) };
  if (route.path === api.users) {
    return { schema: NewUserSchema, kind: 'users', streams: [], valid: () => fc.record({ username: token.map((t) => `fuzz-${t}`), password, role }) };
  }
  if (route.path === `${api.users}/:id`) {
    return { schema: UserChangeSchema, kind: 'users', streams: [], valid: () => fc.record({ role, disabled: fc.boolean() }, { requiredKeys: ['role'] }) };
  }
  if (route.path === `${api.users}/:id/password`) return { schema: PasswordResetSchema, kind: 'users', streams: [], valid: () => fc.record({ password }) };
  // Webhooks keep no events (their own specs, webhook*.int.spec.ts): made paused, so no delivery is tried (a redelivery is 409).
  const webhook = () => fc.record({ url: token.map((t) => `http://127.0.0.1:9/fuzz/${encodeURIComponent(t)}`), eventTypes: fc.constantFrom([], ['VendorCreated']), active: fc.constant(false) });
  // API keys (issue 46): a name, a role, no expiry; revoking takes no body.
  if (route.path === api.apiKeys) return { schema: NewApiKeySchema, kind: 'users', streams: [], valid: () => fc.record({ name: requiredText, role: fc.constantFrom('viewer', 'staff', 'accountant') }) };
  if (route.path === `${api.apiKeys}/:id`) return { schema: null, kind: 'users', streams: [], valid: () => fc.constant({}) };
  if (route.path === api.webhooks) return { schema: NewWebhookSchema, kind: 'users', streams: [], valid: webhook };
  if (route.path.startsWith(`${api.webhooks}/:id`)) return { schema: route.method === 'PUT' ? WebhookChangeSchema : route.path.endsWith(':id/redeliver') ? RedeliverSinceSchema : null, kind: 'users', streams: [], valid: route.method === 'PUT' ? webhook : () => fc.constant(route.path.endsWith(':id/redeliver') ? { since: '2026-01-01T00:00:00Z' } : {}) };
  // The books' lock: cleared (a lock set by the fuzz would refuse the dated writes that follow it).
  if (route.path === `${LOCKS_PATH}/:scope`) return { schema: LockBodySchema, kind: 'settings', streams: ['period-lock'], valid: () => fc.constant({ upTo: null, reason: 'fuzz' }) };
  if (route.path === DEVICES_PATH) return { schema: DeviceBodySchema, kind: 'settings', streams: ['device'], valid: () => fc.record({ name: token.map((t) => `Phone ${t}`) }) };
  if (route.path === BUSINESS_PATH) {
    return {
      schema: BusinessBodySchema,
      kind: 'settings',
      streams: [BUSINESS_STREAM],
      valid: () => fc.record({ legalName: requiredText, state: fc.constantFrom('27', '29', '07'), taxpayerType: fc.constantFrom('regular', 'composition') }),
    };
  }
  if (covers(JOURNAL_VOUCHERS_PATH, route.path)) {
    // Balanced by construction: the same amount debited to one ledger and credited to another.
    return {
      schema: JournalVoucherBodySchema,
      kind: 'voucher',
      streams: [JOURNAL_VOUCHER_STREAM],
      valid: () =>
        fc
          .record({ voucherDate: isoDate, voucherType: fc.constantFrom(...VOUCHER_TYPES), narration: optional(anyText()), referenceNumber: optional(requiredText), amount: positiveDecimal(1_000_000, 2), active: fc.boolean() })
          .map(({ amount, ...body }) => ({ ...body, lines: [{ account: 'cash', debit: amount }, { account: 'capital', credit: amount }] })),
    };
  }
  if (route.path.startsWith(`${BANK_RECONCILIATION_PATH}/`)) {
    // A bank ledger's statements and matches (bank-reconciliation.int.spec.ts has their round trip): bodies only.
    const streams = ['bank-reconciliation'];
    if (route.method === 'DELETE') return { schema: null, kind: 'batch', streams, valid: () => fc.constant({}) };
    if (route.path.endsWith('/statements')) {
      const csv = 'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/04/26,UPI-FUZZ,123456,01/04/26,,100.00,100.00\n';
      return { schema: StatementImportBodySchema, kind: 'batch', streams, valid: () => fc.record({ csv: fc.constant(csv), fileName: optional(anyText()) }) };
    }
    return { schema: MatchBodySchema, kind: 'batch', streams, valid: () => fc.record({ lineNo: fc.integer({ min: 1, max: 1000 }), entries: fc.array(fc.integer({ min: 1, max: 1_000_000 }).map((n) => `receipt-${n}`), { minLength: 1, maxLength: 3 }) }) };
  }
  if (route.method === 'DELETE') {
    const entity = MASTER_DATA_ENTITIES.find((e) => route.path === `${e.path}/:id`);
    return entity && { schema: null, kind: 'master-data', streams: [entity.singular], valid: () => fc.constant({}) };
  }
  if (route.path === PAYROLL_PATHS.run) {
    return { schema: PayrollRunBodySchema, kind: 'batch', streams: [payrollEntity.singular], valid: () => fc.record({ month: fc.integer({ min: 1, max: 12 }), year: fc.integer({ min: 2000, max: 2099 }) }) };
  }
  // A lead converts once (then 409): follow-ups.int.spec.ts has the round trip.
  if (route.path === leadConvertPath(`${leadsEntity.path}/:id`)) return { schema: null, kind: 'action', streams: [leadsEntity.singular, customersEntity.singular], valid: () => fc.constant({}) };
  for (const entity of MASTER_DATA_ENTITIES) {
    for (const [name, action] of Object.entries(entity.rules?.actions ?? {})) {
      if (route.path !== `${entity.path}/:id/${name}`) continue;
      const body = name === 'pay' ? fc.record({ paidOn: optional(isoDate), paidFrom: fc.constantFrom('cash', 'bank') }) : fc.constant({});
      return { schema: action.body, kind: 'action', streams: [entity.singular], valid: () => body };
    }
    if (!covers(entity.path, route.path)) continue;
    // Fields a body cannot set are not sent; of fields where exactly one is given, the customer (a fixture).
    const fields = Object.fromEntries(Object.entries(entity.fields as Record<string, Field>).filter(([, f]) => !f.recordOnly));
    const oneOf: readonly string[] = entity.exactlyOne?.fields ?? [], others = new Set(oneOf.filter((name) => name !== 'customerId'));
    const { uniqueKey, locked } = entity.rules ?? {};
    return {
      schema: entity.body,
      kind: 'master-data',
      streams: [entity.singular],
      computed: Object.keys(entity.rules?.computed ?? {}),
      valid: (fixtures) =>
        withOptionalKeys(
          Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, others.has(name) ? fc.constant(null) : fieldValue(name, f, fixtures)])),
          Object.entries(fields).filter(([n, f]) => f.required || oneOf.includes(n)).map(([n]) => n),
        )
          // Every body is written to the same few records: one that claims a key (an employee's
          // month) or locks its fields (paid) would make the next a 409. payroll.int.spec.ts has those.
          .filter((body) => !uniqueKey?.holds?.(body as FieldValues) && !locked?.when(body as FieldValues) && computable(entity, body)),
    };
  }
  const opening = describeOpeningRoute(route, { requiredText, isoDate, positiveDecimal, partyOf, covers });
  if (opening) return opening;
  for (const doc of INVOICE_DOCUMENTS) {
    // A month's copy of a repeating document (once per month, like a void).
    if (doc.repeats && route.path === repeatPath(`${doc.path}/:id`)) return { schema: RepeatBodySchema, kind: 'action', streams: [doc.stream], valid: () => fc.record({ month: fc.constant('2099-12') }) };
    if (!covers(doc.path, route.path)) continue;
    return {
      schema: doc.body,
      shape: doc.header,
      kind: 'invoice',
      defaultedDate: doc.dateField,
      streams: [doc.stream],
      // A note is credited on its invoice in the same append.
      related: (body) => (doc.against ? [`${doc.against.stream}-${String(body[doc.against.field])}`] : []),
      valid: (fixtures) =>
        withOptionalKeys(
          {
            [doc.party.field]: fc.constant(partyOf(doc.party.field, fixtures)),
            ...(doc.against ? { [doc.against.field]: fc.constant(fixtures.invoices[doc.against.stream]!) } : {}),
            [doc.numberField]: requiredText,
            [doc.dateField]: optional(isoDate),
            [doc.dueField]: optional(isoDate),
            // Tax typed by hand only from a registered supplier where the kind says so (the fixtures' vendor has no GSTIN).
            taxAmount: doc.taxNeedsGstin ? optional(fc.constant('0.00')) : optional(doc.against ? decimal(10, 2) : decimal(100_000, 2)),
            ...Object.fromEntries(doc.texts.map((t) => [t, optional(anyText())])),
            ...(doc.category ? { category: fc.constantFrom(...doc.category.accounts) } : {}),
            ...(doc.repeats ? { repeatMonthly: fc.boolean() } : {}),
            active: fc.boolean(),
            // Nothing paid now (a payment could be more than a generated total): the field is taken, blank or zero.
            ...(doc.settleNow ? { paidNow: optional(fc.constantFrom('', '0', '0.00', 0)), paymentMethod: fc.constantFrom(...PAYMENT_METHODS.map((m) => m.value)) } : {}),
            // A note is small: every one the fuzz writes must fit in what its invoice sold.
            lines: doc.against ? fc.array(noteLine, { minLength: 1, maxLength: 1 }) : fc.array(invoiceLine, { minLength: 1, maxLength: 4 }),
          },
          [doc.party.field, doc.numberField, 'lines', ...(doc.against ? [doc.against.field] : []), ...(doc.category ? ['category'] : [])],
        ).map(dueNotBefore(doc.dateField, doc.dueField)),
    };
  }
  const credit = describeOtherRoute(route, { requiredText, optional, anyText, isoDate, positiveDecimal, withOptionalKeys, partyOf, covers }) ?? describeGstr2bRoute(route.path, { requiredText, optional, anyText });
  if (credit) return credit;
  for (const doc of SETTLEMENT_DOCUMENTS) {
    if (route.path === voidPath(`${doc.path}/:id`)) {
      return { schema: VoidBodySchema, kind: 'action', streams: [doc.stream, doc.invoices.stream], valid: () => fc.record({ reason: requiredText }) };
    }
    if (!covers(doc.path, route.path)) continue;
    return {
      schema: doc.body,
      shape: doc.header,
      kind: 'settlement',
      defaultedDate: doc.dateField,
      // A settlement's lines allocate to invoices; these bodies settle none (a direct payment).
      streams: [doc.stream],
      valid: (fixtures) =>
        withOptionalKeys(
          {
            [doc.party.field]: fc.constant(partyOf(doc.party.field, fixtures)),
            [doc.dateField]: optional(isoDate),
            paymentMethod: fc.constantFrom(...PAYMENT_METHODS.map((m) => m.value)),
            ...Object.fromEntries(doc.texts.map((t) => [t, optional(anyText())])),
            active: fc.boolean(),
            amount: positiveDecimal(1_000_000, 2),
          },
          [doc.party.field, 'paymentMethod', 'amount'],
        ),
    };
  }
  return undefined;
};
