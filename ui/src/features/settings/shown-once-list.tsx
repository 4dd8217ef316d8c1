import type { UseQueryResult } from '@tanstack/react-query';
import { routes } from '@erp/contracts';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';

import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Main, Stack, TopBar } from '@/components/layout';
import { Spinner } from '@/components/spinner';
import { errorText } from '@/lib/error-text';

/** What a Settings list of things made with a secret shown once (API keys, webhooks) says and shows. */
export interface ShownOnceListProps<Item extends { id: number }, Made> {
  readonly title: string;
  readonly subtitle: string;
  readonly addLabel: string;
  /** Plural, lower case: 'API keys' → "Loading API keys", "Could not load API keys." */
  readonly plural: string;
  readonly empty: string;
  readonly list: UseQueryResult<readonly Item[]>;
  /** The form; `onDone(made)` with what the server made, or null when cancelled. */
  readonly form: (onDone: (made: Made | null) => void) => ReactNode;
  /** What was just made, with its secret, until the owner is done with it. */
  readonly once: (made: Made, onDone: () => void) => ReactNode;
  readonly card: (item: Item) => ReactNode;
}

/** The screen: a button to add one, the form, the secret of the one just made, then the list. */
export function ShownOnceList<Item extends { id: number }, Made>({ title, subtitle, addLabel, plural, empty, list, form, once, card }: ShownOnceListProps<Item, Made>) {
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<Made | null>(null);
  return (
    <>
      <TopBar
        title={title}
        subtitle={subtitle}
        back={{ to: routes.settings, label: 'Back to settings' }}
        actions={!adding && (
          <Button onClick={() => { setMade(null); setAdding(true); }}>
            <Plus size={18} aria-hidden="true" />
            {addLabel}
          </Button>
        )}
      />
      <Main>
        <Stack $gap={14}>
          {made !== null && once(made, () => setMade(null))}
          {adding && form((result) => { setAdding(false); if (result !== null) setMade(result); })}
          {list.isPending && <Spinner label={`Loading ${plural}`} />}
          {list.isError && <EmptyState message={`Could not load ${plural}. ${errorText(list.error)}`} />}
          {list.isSuccess && list.data.length === 0 && !adding && <EmptyState message={empty} />}
          {list.data?.map(card)}
        </Stack>
      </Main>
    </>
  );
}
