import { conflict, JOURNAL_VOUCHER_EVENTS, type JournalVoucher, type JournalVoucherBody, type JournalVoucherEvent, JournalVoucherEventSchema, notFound, sumMoney } from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';
import { sameValue } from '../shared/same-value';

export type VoucherState = { readonly status: 'absent' } | { readonly status: 'recorded'; readonly voucher: JournalVoucher };
export type VoucherCommand = Command<'Record' | 'Revise', { readonly id: number; readonly body: JournalVoucherBody }>;

const voucherOf = (id: number, body: JournalVoucherBody): JournalVoucher => ({
  id,
  voucherDate: body.voucherDate!,
  voucherType: body.voucherType,
  voucherNumber: body.voucherNumber,
  referenceNumber: body.referenceNumber,
  narration: body.narration,
  active: body.active,
  totalAmount: sumMoney(body.lines.map((l) => l.debit)),
  lines: body.lines.map((l) => ({ account: l.account, party: l.party, particulars: l.particulars, debit: l.debit, credit: l.credit })),
});

/** A journal voucher's stream: recorded once, revised as often as needed (inactive to cancel it). */
export const voucherDecider: Decider<VoucherState, VoucherCommand, JournalVoucherEvent> = {
  initialState: () => ({ status: 'absent' }),
  decode: (stored) => {
    const parsed = JournalVoucherEventSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  evolve: (_state, event) => ({ status: 'recorded', voucher: event.data }),
  decide: (command, state) => {
    const voucher = voucherOf(command.data.id, command.data.body);
    if (command.type === 'Record') {
      if (state.status !== 'absent') throw conflict(`Journal voucher ${command.data.id} already exists`);
      return [{ type: JOURNAL_VOUCHER_EVENTS.recorded, data: voucher }];
    }
    if (state.status !== 'recorded') throw notFound(`Journal voucher ${command.data.id} not found`);
    if (sameValue(voucher, state.voucher)) return [];
    return [{ type: JOURNAL_VOUCHER_EVENTS.revised, data: voucher }];
  },
};

export const voucherAnswer = (state: VoucherState) => (state.status === 'recorded' ? state.voucher : undefined);
