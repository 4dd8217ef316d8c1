import { zodResolver } from '@hookform/resolvers/zod';
import { type Business, type BusinessBody, BusinessBodySchema, type BusinessInput, DOCUMENT_SERIES, GST_STATES, routes, TAXPAYER_TYPES } from '@erp/contracts';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';

import { Activity, KeyRound, Share2, UserRound, Users } from 'lucide-react';

import { Button, ButtonLink } from '@/components/button';
import type { FormSection } from '@/components/entity-config';
import { FormSections } from '@/components/entity-form-fields';
import { EmptyState } from '@/components/empty-state';
import { Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { useBusiness, useSaveBusiness } from '@/features/settings/business.queries';
import { LockBooks } from '@/features/settings/lock-books';
import { isApiError } from '@/lib/api-client';
import { useCan } from '@/lib/session';
import { toast } from '@/lib/toast-store';

type Values = Record<string, unknown>;

const SECTIONS: readonly FormSection<Values>[] = [
  {
    title: 'Your Business',
    fields: [
      { name: 'legalName', label: 'Legal Name', kind: 'text', required: true, placeholder: 'As registered, e.g. Sharma Traders Pvt Ltd' },
      { name: 'tradeName', label: 'Trade Name', kind: 'text', placeholder: 'The name on your shop board' },
      { name: 'address', label: 'Address', kind: 'textarea', placeholder: 'Printed on every invoice' },
      { name: 'state', label: 'State', kind: 'select', required: true, options: GST_STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })) },
      { name: 'phone', label: 'Phone', kind: 'tel', placeholder: '+91-9876543210' },
      { name: 'email', label: 'Email', kind: 'email', placeholder: 'accounts@yourshop.in' },
    ],
  },
  {
    title: 'GST',
    fields: [
      { name: 'gstin', label: 'GSTIN', kind: 'text', uppercase: true, placeholder: '15 characters; leave blank if not registered', hint: 'Without a GSTIN your invoices are bills of supply, with no tax' },
      { name: 'pan', label: 'PAN', kind: 'text', uppercase: true, placeholder: '10 characters, e.g. ABCDE1234F' },
      { name: 'taxpayerType', label: 'Taxpayer Type', kind: 'select', required: true, options: TAXPAYER_TYPES.map((t) => ({ value: t, label: t === 'regular' ? 'Regular' : 'Composition (bill of supply, no tax collected)' })) },
    ],
  },
  {
    title: 'Customers Pay To',
    fields: [
      { name: 'bankName', label: 'Bank', kind: 'text', placeholder: 'e.g. State Bank of India, MG Road' },
      { name: 'bankAccountNumber', label: 'Account Number', kind: 'text', placeholder: '6 to 18 digits' },
      { name: 'ifsc', label: 'IFSC', kind: 'text', uppercase: true, placeholder: 'e.g. SBIN0001234' },
      { name: 'upiId', label: 'UPI ID', kind: 'text', placeholder: 'e.g. yourshop@okaxis', hint: 'Printed as a QR code customers scan to pay' },
    ],
  },
  {
    title: 'Document Numbers',
    fields: [
      ...DOCUMENT_SERIES.map((series) => ({ name: series.setting, label: series.label, kind: 'text' as const, uppercase: true, hint: `${series.defaultPrefix} gives ${series.defaultPrefix}/2026-27/0001` })),
    ],
  },
  {
    title: 'Books',
    fields: [
      { name: 'booksBegin', label: 'Books Begin On', kind: 'date', hint: 'Opening balances are as of this day (Accounting, Opening Balances)' },
    ],
  },
];

const EMPTY: BusinessInput = {
  legalName: '',
  tradeName: '',
  address: '',
  state: '',
  gstin: '',
  pan: '',
  phone: '',
  email: '',
  taxpayerType: 'regular',
  bankName: '',
  bankAccountNumber: '',
  ifsc: '',
  upiId: '',
  ...Object.fromEntries(DOCUMENT_SERIES.map((series) => [series.setting, series.defaultPrefix])),
  booksBegin: '',
};

const valuesOf = (profile: Business): Values => Object.fromEntries(Object.entries({ ...EMPTY, ...profile }).map(([k, v]) => [k, v ?? '']));

const Actions = styled.div`
  display: flex;
  gap: 10px;
  flex-wrap: wrap;
  margin-bottom: 16px;
`;

const Unframed = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;
`;

/** Settings: the business on every document (the owner's to set), and the way to one's account, the users, the API keys, the activity and the webhooks. */
export function SettingsScreen() {
  const business = useBusiness();
  const mayEdit = useCan('settings');
  const mayManageUsers = useCan('users');
  const mayAudit = useCan('audit');
  return (
    <>
      <TopBar title="Business Settings" subtitle="Your business on every invoice" back={{ to: routes.home, label: 'Back to home' }} />
      <Main>
        <Actions as="nav" aria-label="Settings">
          <ButtonLink to={routes.account} $variant="secondary">
            <UserRound size={18} aria-hidden="true" />
            Your Account
          </ButtonLink>
          {mayManageUsers && (
            <ButtonLink to={routes.users} $variant="secondary">
              <Users size={18} aria-hidden="true" />
              Users
            </ButtonLink>
          )}
          {mayManageUsers && (
            <ButtonLink to={routes.apiKeys} $variant="secondary">
              <KeyRound size={18} aria-hidden="true" />
              API Keys
            </ButtonLink>
          )}
          {mayAudit && (
            <ButtonLink to={routes.activity} $variant="secondary">
              <Activity size={18} aria-hidden="true" />
              Activity
            </ButtonLink>
          )}
          {mayEdit && (
            <ButtonLink to={routes.webhooks} $variant="secondary">
              <Share2 size={18} aria-hidden="true" />
              Webhooks
            </ButtonLink>
          )}
        </Actions>
        {business.isPending && <Spinner />}
        {business.isError && <EmptyState message="Your business settings could not be loaded. Check the connection and try again." />}
        {business.data && <ProfileForm key={JSON.stringify(business.data.profile)} initial={business.data.profile ? valuesOf(business.data.profile) : EMPTY} configured={business.data.configured} mayEdit={mayEdit} />}
        {/* After the profile a new owner fills in first: locking the books is a month- or year-end task. */}
        <LockBooks mayEdit={mayEdit} />
      </Main>
    </>
  );
}

function ProfileForm({ initial, configured, mayEdit }: { initial: Values; configured: boolean; mayEdit: boolean }) {
  const form = useForm<Values, unknown, BusinessBody>({ resolver: zodResolver<Values, unknown, BusinessBody>(BusinessBodySchema), defaultValues: initial, mode: 'onTouched' });
  const save = useSaveBusiness();
  const submit = (body: BusinessBody) =>
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Success', description: 'Business settings saved' }),
      onError: (error) => {
        for (const issue of isApiError(error) ? error.issues : []) form.setError(issue.path, { type: 'server', message: issue.message });
        toast({ title: 'Error', description: 'Failed to save business settings', variant: 'destructive' });
      },
    });
  return (
    <form noValidate aria-label="Business Settings" onSubmit={form.handleSubmit(submit)}>
      <Stack $gap={16}>
        {!configured && mayEdit && <p role="status">Tell us about your business once: it goes on every invoice, and decides how GST is charged.</p>}
        {!mayEdit && <p role="status">Only the owner can change the business profile.</p>}
        <Unframed disabled={!mayEdit}>
          <FormSections sections={SECTIONS} register={form.register} errors={form.formState.errors} />
        </Unframed>
        {mayEdit && (
          <Actions>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Settings'}
            </Button>
          </Actions>
        )}
      </Stack>
    </form>
  );
}
