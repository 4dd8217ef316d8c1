import { type InvoiceBody, type InvoiceData, validationError } from '@erp/contracts';

import { type CommandMetadata, decideAll } from '../shared/decider';
import type { CommandContext, StreamHandle } from '../shared/handle-command';
import type { Appends, InvoiceStreams } from './command-parts';
import { askedOf, type SourceContext } from './conversions';
import type { InvoiceState } from './invoice.decider';

/** A source as the command read it: its kind, its stream handle, and what the new document's decider needs. */
export interface ReadSource {
  readonly kind: InvoiceStreams;
  readonly stream: StreamHandle<InvoiceState>;
  readonly context: SourceContext;
}

/**
 * The document a new one is made from (issue 45): of a kind that converts into this one, and
 * recorded (400 on `source` otherwise). A revision without a source keeps the one it had.
 */
export const readSource = async (ctx: CommandContext, label: string, sources: readonly InvoiceStreams[], body: InvoiceBody, before: InvoiceData | null): Promise<ReadSource | null> => {
  const named = before?.source ?? body.source;
  if (!named) return null;
  if (before?.source && body.source && (body.source.stream !== named.stream || body.source.id !== named.id)) {
    const message = `This ${label.toLowerCase()} was made from ${before.source.number}: that cannot change`;
    throw validationError(message, [{ path: 'source', message }]);
  }
  const kind = sources.find((s) => s.doc.stream === named.stream);
  if (!kind) {
    const message = `A ${label.toLowerCase()} is not made from ${named.stream}: it can be made from ${sources.map((s) => s.doc.stream).join(', ') || 'nothing else'}`;
    throw validationError(message, [{ path: 'source.stream', message }]);
  }
  const stream = await ctx.load(kind.doc.streamOf(named.id), kind.decider);
  if (stream.state.status !== 'recorded') {
    const message = `${kind.doc.label} ${named.id} not found`;
    throw validationError(message, [{ path: 'source.id', message }]);
  }
  const { invoice } = stream.state;
  return { kind, stream, context: { stream: kind.doc.stream, id: invoice.id, number: invoice.number, partyId: invoice.partyId, stock: kind.doc.stock ?? null, lines: invoice.lines.map((l) => ({ lineNo: l.lineNo, itemId: l.itemId, itemName: l.itemName })) } };
};

/**
 * The source's side of the link, in the new document's append: what it takes of the source's
 * lines (within what is left: the source's decider refuses a 409 on the asking line), released
 * when it is made inactive.
 */
export const convertSource = (by: string, source: ReadSource | null, after: InvoiceData, metadata: CommandMetadata): Appends => {
  if (!source) return [];
  const { kind, stream } = source;
  const command = after.active
    ? { type: 'Convert' as const, data: { id: source.context.id, by, number: after.number, partyId: after.partyId, asked: askedOf(after.lines) }, metadata }
    : { type: 'Unconvert' as const, data: { id: source.context.id, by }, metadata };
  return [{ stream, events: decideAll(kind.decider, command, stream.state).map(kind.doc.write) }];
};
