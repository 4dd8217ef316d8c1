import { type InvoiceDocument, INVOICE_DOCUMENTS, sourceKinds } from '@erp/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { type ComponentType, useMemo } from 'react';

import { EntityListScreen } from '@/components/entity-list-screen';
import { useLabels } from '@/features/documents/lookups';
import { partyOptionsFrom } from '@/features/documents/parties';
import { type QuoteRecord, quoteConfig, type QuoteTexts } from '@/features/documents/quote-config';
import { STOCK_KEY } from '@/features/inventory/stock.queries';
import { useBusiness } from '@/features/settings/business.queries';
import { entityKeys } from '@/lib/query-keys';
import { createResource, type Parser, type Resource } from '@/lib/resource';

/** The party's resource of a side (customers, vendors): its list gives names, GSTINs and the picker. */
interface PartyResource {
  readonly useList: () => {
    data?: readonly { readonly id: number; readonly name: string; readonly active: boolean; readonly paymentTerms: string | null; readonly paymentTermDays: number | null; readonly gstNumber?: string | null }[] | undefined;
  };
}

/**
 * A kind no one pays (issue 45: an estimate, an order, a challan), read and written through its
 * contract: listed without lines; a write changes the kinds linked to it by conversion both ways
 * (the source's lines left, the made document's link) and, when its lines move stock, the stock.
 */
export const documentResource = <TRecord extends { id: number }>(doc: InvoiceDocument) => {
  const linked = [...(doc.converts ?? []).flatMap((stream) => INVOICE_DOCUMENTS.filter((d) => d.stream === stream)), ...sourceKinds(doc)];
  const keys: QueryKey[] = linked.map((d) => entityKeys(d.module, d.plural).all);
  return createResource<TRecord, unknown>({
    module: doc.module,
    name: doc.plural,
    path: doc.path,
    record: doc.record as Parser<TRecord>,
    listEntry: doc.summary.transform((summary): unknown => Object.assign({}, summary, { lines: [] })) as Parser<TRecord>,
    alsoInvalidates: doc.stock ? [...keys, STOCK_KEY] : keys,
  });
};

/**
 * The screen of such a kind, from its contract, its texts and its side's parties: list, form and
 * details with each line's converted and left quantities, the documents made from it and its
 * Convert actions (quoteConfig). A kind's screen is this and its texts, not a file of its own.
 */
export const documentScreen = <TRecord extends QuoteRecord>(doc: InvoiceDocument, texts: QuoteTexts, parties: PartyResource): ComponentType => {
  const resource: Resource<TRecord, unknown> = documentResource<TRecord>(doc);
  const useParties = partyOptionsFrom(parties.useList, doc.party.field);
  const usePartyGstin = (id: number) => parties.useList().data?.find((p) => p.id === id)?.gstNumber ?? null;
  const unknown = `Unknown ${doc.party.label}`;
  return function DocumentScreen() {
    const partyName = useLabels(parties.useList, (p) => p.name);
    const business = useBusiness().data?.profile ?? null;
    const config = useMemo(
      () => quoteConfig<TRecord>(doc, texts, { resource, useParties, usePartyGstin, partyName: (id) => partyName(id, unknown), business }),
      [partyName, business],
    );
    return <EntityListScreen config={config} />;
  };
};
