import { z } from 'zod';

import { moneyOrZero } from '../documents/amounts';
import { optionalDateInput, optionalTextInput, TEXT_MAX } from '../fields';
import { compareMoney, rupees, sumMoney } from '../money';
import { accountOf } from './accounts';
import { LEDGER_CODE } from './ledgers';
import type { Posting } from './postings';

/**
 * Journal vouchers (the seed's journal_entries, issue 21): what no document says — opening
 * balances, a correction, cash put into the bank, capital brought in. Lines name a ledger (and,
 * on Sundry Debtors or Creditors, the customer or vendor), each a debit or a credit; debits
 * must equal credits.
 */
export const JOURNAL_VOUCHERS_PATH = '/api/accounting/journal-vouchers';
export const JOURNAL_VOUCHER_STREAM = 'journal-voucher';
export const VOUCHER_TYPES = ['Journal', 'Contra', 'Opening Balance'] as const;
export const JOURNAL_VOUCHER_EVENTS = { recorded: 'JournalVoucherRecorded', revised: 'JournalVoucherRevised' } as const;

const PARTY = /^(customer|vendor)-[1-9]\d{0,8}$/;

export const VoucherLineBodySchema = z
  .object({
    // A fixed ledger's code, or one the business added (`ledger-N`: the command checks it exists).
    account: z.string({ error: 'Please select a ledger' }).max(20, 'Please select a ledger').refine((code) => accountOf(code) !== undefined || LEDGER_CODE.test(code), { message: 'Please select a ledger' }),
    party: optionalTextInput(TEXT_MAX.reference).refine((v) => v === null || PARTY.test(v), { message: 'A party is customer-N or vendor-N' }),
    particulars: optionalTextInput(TEXT_MAX.lineDescription),
    debit: moneyOrZero('Debit'),
    credit: moneyOrZero('Credit'),
  })
  .superRefine((line, ctx) => {
    const debit = compareMoney(line.debit, 0) > 0;
    const credit = compareMoney(line.credit, 0) > 0;
    if (debit === credit) ctx.addIssue({ code: 'custom', path: ['debit'], message: 'Enter a debit or a credit (one of them)' });
    const control = line.account === 'debtors' || line.account === 'creditors';
    if (control && line.party === null) ctx.addIssue({ code: 'custom', path: ['party'], message: 'Choose the customer or vendor of this line' });
    if (!control && line.party !== null) ctx.addIssue({ code: 'custom', path: ['party'], message: 'Only Sundry Debtors and Creditors lines name a party' });
    if (line.party?.startsWith('customer-') && line.account !== 'debtors') ctx.addIssue({ code: 'custom', path: ['party'], message: 'A customer goes on Sundry Debtors' });
    if (line.party?.startsWith('vendor-') && line.account !== 'creditors') ctx.addIssue({ code: 'custom', path: ['party'], message: 'A vendor goes on Sundry Creditors' });
  });

export const JournalVoucherBodySchema = z
  .object({
    voucherDate: optionalDateInput().refine((v) => v !== null, { message: 'Voucher date is required' }),
    voucherType: z.enum(VOUCHER_TYPES, { error: 'Choose Journal, Contra or Opening Balance' }).optional().default('Journal'),
    voucherNumber: optionalTextInput(TEXT_MAX.reference),
    referenceNumber: optionalTextInput(TEXT_MAX.reference),
    narration: optionalTextInput(TEXT_MAX.long),
    active: z.boolean({ error: 'Expected true or false' }).optional().default(true),
    lines: z.array(VoucherLineBodySchema, { error: 'Add the lines of the voucher' }).min(2, 'A voucher has at least two lines').max(100, 'At most 100 lines'),
  })
  .superRefine((body, ctx) => {
    const debit = sumMoney(body.lines.map((l) => l.debit));
    const credit = sumMoney(body.lines.map((l) => l.credit));
    if (compareMoney(debit, credit) !== 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: `Debits (${rupees(debit)}) and credits (${rupees(credit)}) must be equal` });
  });
export type JournalVoucherBody = z.output<typeof JournalVoucherBodySchema>;

/** A voucher as recorded and answered. */
export const JournalVoucherSchema = z.object({
  id: z.number().int(),
  voucherDate: z.string(),
  voucherType: z.enum(VOUCHER_TYPES),
  voucherNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  narration: z.string().nullable(),
  active: z.boolean(),
  totalAmount: z.string(),
  lines: z.array(z.object({ account: z.string(), party: z.string().nullable(), particulars: z.string().nullable(), debit: z.string(), credit: z.string() })),
});
export type JournalVoucher = z.output<typeof JournalVoucherSchema>;

export const JournalVoucherEventSchema = z.object({
  type: z.enum([JOURNAL_VOUCHER_EVENTS.recorded, JOURNAL_VOUCHER_EVENTS.revised]),
  data: JournalVoucherSchema,
});
export type JournalVoucherEvent = z.output<typeof JournalVoucherEventSchema>;

export const journalVoucherStream = (id: number) => `${JOURNAL_VOUCHER_STREAM}-${id}`;

/** What a voucher posts: its lines as they are; nothing when inactive. */
export const voucherPostings = (voucher: JournalVoucher): Posting[] =>
  voucher.active ? voucher.lines.map((l) => ({ account: l.account, party: l.party, debit: l.debit, credit: l.credit })) : [];
