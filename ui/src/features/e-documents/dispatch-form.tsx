import { type Dispatch, type EDocuments, TRANSPORT_MODE_NAMES, TRANSPORT_MODES } from '@erp/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

import { Button } from '@/components/button';
import { toast } from '@/lib/toast-store';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';

import { Field, Grid, issuesByField, type Values } from './fields';

const MODES = TRANSPORT_MODES.map((m) => [m, TRANSPORT_MODE_NAMES[m]] as const);
const VEHICLES = [['R', 'Regular'], ['O', 'Over-sized cargo']] as const;
const valuesOf = (d: Dispatch | null): Values => ({
  fromPlace: d?.fromPlace ?? '',
  fromPincode: d?.fromPincode ?? '',
  toPlace: d?.toPlace ?? '',
  toPincode: d?.toPincode ?? '',
  transportMode: d?.transportMode ?? '1',
  distanceKm: d ? String(d.distanceKm) : '',
  vehicleNumber: d?.vehicleNumber ?? '',
  vehicleType: d?.vehicleType ?? 'R',
  transporterId: d?.transporterId ?? '',
  transporterName: d?.transporterName ?? '',
  transportDocNumber: d?.transportDocNumber ?? '',
  transportDocDate: d?.transportDocDate ?? '',
});

/** Places, PIN codes and transport (Part A and Part B), kept on the document by the server. */
export function DispatchForm({ path, dispatch, onSaved }: { path: string; dispatch: Dispatch | null; onSaved: (next: EDocuments) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(dispatch));
  const [errors, setErrors] = useState<Values>({});
  const onChange = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const save = useMutation({
    mutationFn: () => apiClient.post<EDocuments>(path, { ...values, transportDocDate: values.transportDocDate || null }),
    onSuccess: (next) => {
      setErrors({});
      onSaved(next);
      toast({ title: 'Saved', description: 'Transport details saved' });
    },
    onError: (error) => setErrors(isApiError(error, 400) || isApiError(error, 409) ? { form: error.serverMessage ?? '', ...issuesByField(error.issues) } : { form: errorText(error) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const field = { values, errors, onChange };
  return (
    <form onSubmit={submit} aria-label="Transport details" noValidate>
      <Grid>
        <Field {...field} name="fromPlace" label="From (place)" required />
        <Field {...field} name="fromPincode" label="From PIN code" required inputMode="numeric" />
        <Field {...field} name="toPlace" label="To (place)" required />
        <Field {...field} name="toPincode" label="To PIN code" required inputMode="numeric" />
        <Field {...field} name="transportMode" label="Mode" options={MODES} />
        <Field {...field} name="distanceKm" label="Distance (km)" required inputMode="numeric" hint="1 to 4000 km" />
        <Field {...field} name="vehicleNumber" label="Vehicle number" hint="Like KA01AB1234" />
        <Field {...field} name="vehicleType" label="Vehicle type" options={VEHICLES} />
        <Field {...field} name="transporterId" label="Transporter ID (GSTIN)" />
        <Field {...field} name="transporterName" label="Transporter name" />
        <Field {...field} name="transportDocNumber" label="LR / RR / airway bill no." />
        <Field {...field} name="transportDocDate" label="Its date" type="date" />
      </Grid>
      {errors.form && <p role="alert">{errors.form}</p>}
      <Button type="submit" disabled={save.isPending} style={{ marginTop: 12 }}>
        Save transport
      </Button>
    </form>
  );
}
