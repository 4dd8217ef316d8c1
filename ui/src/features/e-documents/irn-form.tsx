import type { EDocuments, Irn } from '@erp/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { Button } from '@/components/button';
import { toast } from '@/lib/toast-store';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

import { Field, Grid, issuesByField, type Values } from './fields';

/** The IRN, Ack No and Date and the signed QR code the portal gave back; shown once recorded. */
export function IrnForm({ path, irn, onSaved }: { path: string; irn: Irn | null; onSaved: (next: EDocuments) => void }) {
  const [values, setValues] = useState<Values>({ irn: '', ackNo: '', ackDate: '', signedQrCode: '' });
  const [errors, setErrors] = useState<Values>({});
  const save = useMutation({
    mutationFn: () => apiClient.post<EDocuments>(path, values),
    onSuccess: (next) => {
      setErrors({});
      onSaved(next);
      toast({ title: 'Saved', description: 'IRN saved: it is printed on the invoice' });
    },
    onError: (error) => setErrors(isApiError(error, 400) || isApiError(error, 409) ? { form: error.serverMessage ?? '', ...issuesByField(error.issues) } : { form: errorText(error) }),
  });
  if (irn) {
    return (
      <dl style={{ overflowWrap: 'anywhere', marginTop: 12 }}>
        <dt>IRN</dt>
        <dd>{irn.irn}</dd>
        <dt>Ack No</dt>
        <dd>{irn.ackNo}</dd>
        <dt>Ack Date</dt>
        <dd>{irn.ackDate}</dd>
      </dl>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const field = { values, errors, onChange: (name: string, value: string) => setValues((v) => ({ ...v, [name]: value })) };
  return (
    <form onSubmit={submit} aria-label="IRN from the portal" noValidate style={{ marginTop: 16 }}>
      <Grid>
        <Field {...field} name="irn" label="IRN" required wide hint="64 characters" />
        <Field {...field} name="ackNo" label="Ack No" required inputMode="numeric" />
        <Field {...field} name="ackDate" label="Ack Date" required hint="As the portal shows it: 2026-11-20 12:31:00" />
        <Field {...field} name="signedQrCode" label="Signed QR code" required wide multiline />
      </Grid>
      {errors.form && <p role="alert">{errors.form}</p>}
      <Button type="submit" disabled={save.isPending} style={{ marginTop: 12 }}>
        Save IRN
      </Button>
    </form>
  );
}
