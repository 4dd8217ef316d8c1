import { byId, eDocumentPaths, type EDocumentsAnswer, hasEDocuments, hasEInvoice, INVOICE_DOCUMENTS, routes } from '@erp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';

import { Button, ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Card, CardHeading, Main, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { apiClient } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';

import { DispatchForm } from './dispatch-form';
import { IrnForm } from './irn-form';

export const Stack = styled.div`
  display: grid;
  gap: 16px;
`;
const Note = styled.p<{ $tone?: 'warn' }>`
  font-size: 15px;
  margin-bottom: 12px;
  color: ${({ theme, $tone }) => ($tone ? theme.colors.dangerText : 'inherit')};
  overflow-wrap: anywhere;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;

/** Saves a JSON answer as a file the owner uploads on the portal. */
const downloadJson = (json: unknown, name: string) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
const fileName = (prefix: string, number: string) => `${prefix}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.json`;

/**
 * A document's e-way bill and e-invoice (issue 44 item 6), phone first: whether an e-way bill is
 * needed, the transport to fill in, the JSON to download and upload on the portal; the e-invoice
 * JSON, and the IRN and signed QR code pasted back from the portal.
 */
export function EDocumentsScreen() {
  const { stream = '', id = '' } = useParams();
  const doc = INVOICE_DOCUMENTS.find((d) => d.stream === stream && hasEDocuments(d));
  const record = doc ? byId(doc.path, id) : '';
  const paths = eDocumentPaths(record);
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: ['e-documents', stream, id], enabled: Boolean(doc), queryFn: () => apiClient.get<EDocumentsAnswer>(paths.state) });
  const number = useQuery({ queryKey: ['print', stream, id], enabled: Boolean(doc), queryFn: () => apiClient.get<Record<string, unknown>>(record) });
  const [failed, setFailed] = useState<{ where: 'e-way-bill' | 'e-invoice'; text: string } | null>(null);
  if (!doc) return <EmptyState message="There is no e-way bill or e-invoice for this page." />;
  if (state.isError || number.isError) return <EmptyState message="This document could not be loaded. Check the connection and try again." />;
  if (!state.data || !number.data) return <Spinner />;
  const answer = state.data;
  const docNumber = String(number.data[doc.numberField] ?? id);
  const saved = (next: Pick<EDocumentsAnswer, 'dispatch' | 'irn'>) => queryClient.setQueryData<EDocumentsAnswer>(['e-documents', stream, id], { ...answer, ...next });
  const download = async (where: 'e-way-bill' | 'e-invoice') => {
    setFailed(null);
    try {
      if (where === 'e-way-bill') downloadJson(await apiClient.get(`${paths.eWayBill}${answer.eWayBill.required ? '' : '?anyway=true'}`), fileName('EWB', docNumber));
      else downloadJson(await apiClient.get(paths.eInvoice), fileName('EINV', docNumber));
    } catch (error) {
      setFailed({ where, text: errorText(error) });
    }
  };
  const { value, limit, required, problem } = answer.eWayBill;
  return (
    <>
      <TopBar title={hasEInvoice(doc) ? 'E-way bill and e-invoice' : 'E-way bill'} subtitle={`${doc.label} ${docNumber}`} back={{ label: 'Back', onClick: () => history.back() }} />
      <Main>
        <Stack>
          <Card id="e-way-bill" aria-labelledby="e-way-bill-heading">
            <CardHeading id="e-way-bill-heading">E-way bill</CardHeading>
            <Note>
              Goods worth {formatMoney(value)}.{' '}
              {required ? `Above ${formatMoney(limit)}: an e-way bill is needed.` : `Not above ${formatMoney(limit)}: none is needed, but you may make one.`}
            </Note>
            {problem && <Note $tone="warn">{problem}</Note>}
            <DispatchForm path={paths.dispatch} dispatch={answer.dispatch} onSaved={saved} />
            <Row>
              <Button $variant={required ? 'primary' : 'secondary'} disabled={!answer.dispatch || Boolean(problem)} onClick={() => void download('e-way-bill')}>
                <Download size={18} aria-hidden="true" />
                Download e-way bill JSON
              </Button>
            </Row>
            {failed?.where === 'e-way-bill' && <Note $tone="warn" role="alert">{failed.text}</Note>}
          </Card>
          {/* A kind with an e-way bill only (a delivery challan) has no e-invoice. */}
          {hasEInvoice(doc) && (
          <Card id="e-invoice" aria-labelledby="e-invoice-heading">
            <CardHeading id="e-invoice-heading">E-invoice</CardHeading>
            {answer.eInvoiceProblem ? (
              <Note>{answer.eInvoiceProblem}</Note>
            ) : (
              <>
                <Note>Download the JSON, upload it on the e-invoice portal, then paste what it gives back.</Note>
                <Row>
                  <Button $variant="secondary" disabled={!answer.dispatch} onClick={() => void download('e-invoice')}>
                    <Download size={18} aria-hidden="true" />
                    Download e-invoice JSON
                  </Button>
                </Row>
                {!answer.dispatch && <Note>Fill in the places and PIN codes above first.</Note>}
                {failed?.where === 'e-invoice' && <Note $tone="warn" role="alert">{failed.text}</Note>}
                <IrnForm path={paths.irn} irn={answer.irn} onSaved={saved} />
                {answer.irn && (
                  <Row>
                    <ButtonLink to={routes.print(doc.stream, id)}>Print with IRN</ButtonLink>
                  </Row>
                )}
              </>
            )}
          </Card>
          )}
        </Stack>
      </Main>
    </>
  );
}
