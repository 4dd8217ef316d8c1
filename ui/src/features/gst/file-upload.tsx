import { GSTR2B_FILE_MAX } from '@erp/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import styled from 'styled-components';

import { FieldShell, Input } from '@/components/form-field';
import { apiClient, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { toast } from '@/lib/toast-store';

import { useGstr2bWrite } from './gstr2b.queries';

const Problems = styled.ul`
  color: ${({ theme }) => theme.colors.dangerText};
  margin: 0;
  padding-left: 18px;
`;

/** Choose a JSON file from the portal and send it; what the server finds wrong in it is listed. */
export function FileUpload({ label, hint, path, done }: { label: string; hint: string; path: string; done: (answer: unknown) => string }) {
  const id = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const send = useGstr2bWrite((body: { file: string; fileName: string }) => apiClient.post(path, body));
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setProblems([]);
    if (!file) return;
    const text = await file.text();
    if (text.length > GSTR2B_FILE_MAX) {
      setProblems([`This file is ${Math.ceil(text.length / 1000)} kB; at most ${GSTR2B_FILE_MAX / 1000} kB can be imported.`]);
      return;
    }
    send.mutate({ file: text, fileName: file.name }, {
      onSuccess: (answer) => {
        toast({ title: done(answer) });
        setInputKey((k) => k + 1);
      },
      onError: (error) => setProblems(isApiError(error, 400) && error.issues.length > 0 ? error.issues.map((i) => `${i.path}: ${i.message}`) : [errorText(error)]),
    });
  };
  return (
    <>
      <FieldShell id={id} label={label} hint={hint}>
        <Input key={inputKey} id={id} type="file" accept=".json,application/json" disabled={send.isPending} onChange={(e) => void onFile(e)} />
      </FieldShell>
      {problems.length > 0 && <Problems role="alert" aria-label={`${label}: problems`}>{problems.map((p) => <li key={p}>{p}</li>)}</Problems>}
    </>
  );
}
