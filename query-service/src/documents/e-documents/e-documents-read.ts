import { eDocumentsFrom, eDocumentsStream, type EDocuments } from '@erp/contracts';

import type { ReadDeps } from '../../shared/read-your-writes';

/** A document's dispatch details and IRN, read from its e-documents stream (the store answers its own writes at once). */
export const eDocumentsOf = async (deps: Pick<ReadDeps, 'store'>, documentStream: string): Promise<EDocuments> =>
  eDocumentsFrom((await deps.store.readStream(eDocumentsStream(documentStream))).events);
