import {
  employeesEntity,
  monthName,
  payrollMonthEnd,
  PAYROLL_PATHS,
  type Payroll,
  payrollEntity,
  type PayrollRunBody,
  PayrollRunBodySchema,
  type PayrollRunResult,
  recordStream,
} from '@erp/contracts';
import { type EventStore, START } from '@erp/eventstore';
import type Router from '@koa/router';
import { z } from 'zod';

import { heldValues } from '../master-data/master-data.commands';
import { masterDataDecider, recordOf } from '../master-data/master-data.decider';
import { MASTER_DATA_SLICES } from '../master-data';
import type { CommandDeps } from '../master-data/master-data.routes';
import { reservationDecider } from '../master-data/reservation.decider';
import { commandRoute } from '../shared/command-route';
import { decideAll, type CommandMetadata } from '../shared/decider';
import type { CommandRun, Decision } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { datedInBooks } from '../shared/period-locks';

const PAGE = 1000;
/** The payroll decider typed by its entity (a slice's is typed by any entity's). */
const payrollDecider = masterDataDecider(payrollEntity);
/** What this run reads of an EmployeeCreated: its id. */
const CreatedId = z.object({ id: z.number().int() });

/** Every employee id ever created, from the log (the write side reads no read model). */
const employeeIds = async (store: EventStore): Promise<number[]> => {
  const ids: number[] = [];
  for (let after = START; ; ) {
    const page = await store.readFeed({ after, limit: PAGE, type: employeesEntity.events.names.created });
    for (const event of page.events) ids.push(CreatedId.parse(event.data).id);
    if (page.events.length < PAGE) return ids;
    after = page.cursor;
  }
};

const sliceOf = (singular: string) => {
  const slice = MASTER_DATA_SLICES.find((s) => s.entity.singular === singular);
  if (!slice) throw new Error(`No master-data entity ${singular}`);
  return slice;
};

/**
 * A month's payroll run: for every active employee without a payroll that month (one that is
 * not cancelled), a pending payroll at their monthly salary — every record and every claim in
 * one append, so a payroll created meanwhile makes the run decide again rather than double up.
 * Ids are allocated before (once per request), one per employee; those not used are gaps.
 */
export const payrollRun =
  (body: PayrollRunBody, employees: readonly number[], ids: readonly number[], metadata: CommandMetadata): CommandRun<PayrollRunResult> =>
  async (ctx) => {
    const staff = sliceOf(employeesEntity.singular);
    const created: Payroll[] = [];
    const skipped: PayrollRunResult['skipped'] = [];
    const appends: Decision<unknown>['appends'][number][] = [];
    let main: Decision<unknown>['main'] | null = null;
    for (const [index, employeeId] of employees.entries()) {
      const employee = await ctx.load(recordStream(staff.entity, employeeId), staff.decider);
      if (employee.state.status !== 'active' || employee.state.values.active === false) continue;
      const name = String(employee.state.values.name ?? `Employee ${employeeId}`);
      const parsed = payrollEntity.body.parse({ employeeId, month: body.month, year: body.year, basicSalary: employee.state.values.salary ?? '0' });
      const id = ids[index]!;
      const record = ctx.fresh(recordStream(payrollEntity, id), payrollDecider);
      const events = decideAll(payrollDecider, { type: 'Create', data: { id, body: parsed }, metadata }, record.state);
      const after = stateAfter(payrollDecider, record, events);
      const [claim] = heldValues(payrollEntity, ctx, after.status === 'active' ? after.values : {});
      const reservation = await ctx.load(claim!.stream, reservationDecider);
      if (reservation.state.ownerId !== null) {
        skipped.push({ employeeId, name, reason: `Payroll for ${monthName(body.month, body.year)} already exists (#${reservation.state.ownerId})` });
        continue;
      }
      const claimed = decideAll(reservationDecider, { type: 'Claim', data: { field: claim!.field, value: claim!.value, ownerId: id, takenMessage: '' }, metadata }, reservation.state);
      appends.push({ stream: record, events }, { stream: reservation, events: claimed });
      main ??= record;
      created.push(recordOf(payrollEntity, after)!);
    }
    return {
      main: main ?? ctx.fresh(`${payrollEntity.singular}-run`, reservationDecider),
      appends,
      // Each salary is owed at the month's end: a run for a locked month is refused.
      dated: datedInBooks(payrollMonthEnd(body.year, body.month)),
      result: { month: body.month, year: body.year, created, skipped },
    };
  };

/** POST /api/hr/payroll/run {month, year}: 200 with the payrolls created and the employees skipped. */
export const payrollRunRoute = (router: Router, deps: CommandDeps) => {
  commandRoute(router, deps.store, {
    method: 'post',
    path: PAYROLL_PATHS.run,
    label: payrollEntity.label,
    body: PayrollRunBodySchema,
    status: 200,
    command: async ({ body, metadata }) => {
      const employees = await employeeIds(deps.store);
      const ids: number[] = [];
      for (const _ of employees) ids.push(await deps.ids.next(payrollEntity.singular));
      return payrollRun(body, employees, ids, metadata);
    },
  });
};
