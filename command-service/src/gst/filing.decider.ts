import {
  conflict,
  FILED_RETURN_LABELS,
  type FiledReturn,
  filedMessage,
  GST_FILING_EVENTS,
  type GstReturnFiled,
  GstReturnFiledSchema,
  indiaDate,
  type MarkFiledBody,
  periodLabel,
  periodOfDate,
  validationError,
  yearAndMonth,
} from '@erp/contracts';

import type { Command, Decider } from '../shared/decider';

/** One return of one month: filed (with its ARN) or not. */
export interface FilingState {
  readonly filed: { readonly arn: string; readonly filedOn: string; readonly position: string } | null;
}

/** The return's JSON and the log position it was computed at are read before deciding (as emmett fetches a price). */
export type FilingCommand = Command<
  'MarkFiled',
  { readonly return: FiledReturn; readonly period: string; readonly body: MarkFiledBody; readonly position: string; readonly json: Readonly<Record<string, unknown>> }
>;

const lastDay = (period: string) => {
  const { year: y, month: m } = yearAndMonth(period);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

const refuseDate = (message: string) => validationError(message, [{ path: 'filedOn', message }]);

/**
 * Marking a month's GSTR-1 or GSTR-3B filed (issue 44 item 4): once, with the ARN, on a day after
 * the month ends (a monthly return is filed for a month that is over) and not after today. The
 * event keeps exactly what was filed.
 */
export const filingDecider: Decider<FilingState, FilingCommand, GstReturnFiled> = {
  initialState: () => ({ filed: null }),
  decode: (stored) => {
    const parsed = GstReturnFiledSchema.safeParse(stored);
    return parsed.success ? parsed.data : null;
  },
  evolve: (_state, event) => ({ filed: { arn: event.data.arn, filedOn: event.data.filedOn, position: event.data.position } }),
  decide: ({ data, metadata }, state) => {
    const label = `${FILED_RETURN_LABELS[data.return]} for ${periodLabel(data.period)}`;
    if (state.filed) {
      if (state.filed.arn === data.body.arn && state.filed.filedOn === data.body.filedOn) return [];
      throw conflict(`${label} is already filed (ARN ${state.filed.arn})`, [{ path: 'arn', message: `Filed on ${state.filed.filedOn} with ARN ${state.filed.arn}` }]);
    }
    const { arn, filedOn } = data.body;
    if (filedOn <= lastDay(data.period)) throw refuseDate(`${label} is filed after the month ends: a date after ${lastDay(data.period)}`);
    if (filedOn > indiaDate(metadata.now)) throw refuseDate('The filing date cannot be in the future');
    return [{ type: GST_FILING_EVENTS.filed, data: { return: data.return, period: data.period, arn, filedOn, position: data.position, json: { ...data.json } } }];
  },
};

/**
 * The GST check of an edit or a void (handleCommand, through period-locks.ts): a date in a month
 * whose GSTR-1 is filed is refused with a 409 saying so. New documents are not dated for it: a
 * document missed in a filed return is reported later (GSTR-1A or the next GSTR-1).
 */
export const refuseFiled = (isFiled: (period: string) => boolean, dates: readonly (string | null | undefined)[], field = 'date') => {
  const date = dates.find((d): d is string => typeof d === 'string' && isFiled(periodOfDate(d)));
  if (!date) return;
  const message = filedMessage(periodOfDate(date), date);
  throw conflict(message, [{ path: field, message }]);
};
