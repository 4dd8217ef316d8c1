import { byId, type InvoiceDocument, type OpeningItemBody, openingItemBody, openingItemsPath } from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { type CommandMetadata, decideAll, foldStored } from '../shared/decider';
import type { CommandRun } from '../shared/handle-command';
import { stateAfter } from '../shared/handle-command';
import { datedInBooks } from '../shared/period-locks';
import { type Appends, businessProfile } from './command-parts';
import type { InvoiceSlice } from './index';
import { invoiceOf } from './invoice-answer';
import { openingDecider } from './opening.decider';
import { numberClaims } from './numbers';
import { nameParty } from './parties';

/** An opening item's number is the old books' own: unique per party, apart from the kind's series. */
const openingNumbers = (doc: InvoiceDocument): InvoiceDocument => ({
  ...doc,
  numberUnique: 'party',
  numberStream: (partyId, number) => `${doc.stream}-opening-number:${partyId}:${number.trim().toLowerCase()}`,
});

/**
 * POST …/opening and PUT …/opening/{id} of an invoice kind with `opening` (issue 43): the open
 * items of the books before these began, recorded in the kind's own streams with the day the
 * books begin read from the business profile.
 */
export const openingItemRoutes = (router: Router, deps: CommandDeps, { doc, decider }: InvoiceSlice) => {
  if (!doc.opening) return;
  const opening = openingDecider(doc, decider);
  const numbers = openingNumbers(doc);
  const label = doc.opening.label;
  const run =
    (type: 'RecordOpening' | 'ReviseOpening', id: number, body: OpeningItemBody, metadata: CommandMetadata): CommandRun<ReturnType<typeof invoiceOf>> =>
    async (ctx) => {
      const stream = type === 'RecordOpening' ? ctx.fresh(doc.streamOf(id), opening) : await ctx.load(doc.streamOf(id), opening);
      const before = stream.state.status === 'recorded' ? stream.state.invoice : null;
      const business = await businessProfile(ctx);
      const changes = decideAll(opening, { type, data: { id, body, booksBegin: business?.booksBegin ?? null }, metadata }, stream.state);
      const appends: Appends = [{ stream, events: changes.map(doc.write) }];
      let checked: Awaited<ReturnType<typeof nameParty>>['checked'] = [];
      if (changes.length > 0) {
        const party = await nameParty(ctx, doc.party, body.partyId, body.partyId !== before?.partyId, metadata);
        checked = party.checked;
        appends.push(...party.appends);
        appends.push(...(await numberClaims(numbers, ctx, id, metadata, before && { partyId: before.partyId, number: before.number }, { partyId: body.partyId, number: body.number })));
      }
      // Dated by its posting, on the day the books begin (its own date is the old books'): refused
      // when that day, or the one it was posted on, is locked.
      const dated = datedInBooks(before?.openingOn, business?.booksBegin);
      return { main: stream, appends, checked, dated, result: invoiceOf(doc, stateAfter(opening, stream, changes), metadata.now) };
    };
  const replay = async (streamId: string) => invoiceOf(doc, foldStored(decider, (await deps.store.readStream(streamId)).events), new Date());
  const body = openingItemBody(doc);
  const path = openingItemsPath(doc);
  commandRoute(router, deps.store, {
    method: 'post',
    path,
    label,
    body,
    status: 201,
    command: async ({ body: sent, metadata }) => run('RecordOpening', await deps.ids.next(doc.stream), sent, metadata),
    location: (result) => (result ? byId(doc.path, result.id) : undefined),
    replay,
  });
  commandRoute(router, deps.store, {
    method: 'put',
    path: byId(path, ':id'),
    label,
    body,
    status: 200,
    command: ({ id, body: sent, metadata }) => run('ReviseOpening', id, sent, metadata),
    replay,
  });
};
