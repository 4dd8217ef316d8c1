import styled from 'styled-components';

import { type Connection, useConnection } from '@/lib/connection';

type Tone = 'green' | 'grey' | 'blue' | 'red';

const wordsOf = (c: Connection): { text: string; tone: Tone } => {
  if (c.refused > 0) return { text: `${c.refused} not sent`, tone: 'red' };
  if (!c.online) return { text: c.waiting > 0 ? `Offline · ${c.waiting} waiting` : 'Offline', tone: 'grey' };
  if (c.syncing) return { text: `Syncing ${c.waiting}`, tone: 'blue' };
  if (c.waiting > 0) return { text: `${c.waiting} waiting`, tone: 'blue' };
  return { text: 'Online', tone: 'green' };
};

const COLORS: Record<Tone, { bg: string; fg: string; dot: string }> = {
  green: { bg: '#f0fdf4', fg: '#166534', dot: '#16a34a' },
  grey: { bg: '#f1f5f9', fg: '#334155', dot: '#64748b' },
  blue: { bg: '#eff6ff', fg: '#1e40af', dot: '#2563eb' },
  red: { bg: '#fef2f2', fg: '#991b1b', dot: '#dc2626' },
};

/**
 * Online / Offline / Syncing N in the top bar (issue 47): a live region, so a screen reader hears
 * the network go and come back and the outbox drain. Short enough for a 360-px phone.
 */
export function ConnectionStatus() {
  const connection = useConnection();
  const { text, tone } = wordsOf(connection);
  return (
    <Pill role="status" aria-live="polite" $tone={tone} title={connection.refused > 0 ? 'Some records were not accepted: open them to see why' : undefined}>
      <Dot $tone={tone} aria-hidden="true" />
      {text}
    </Pill>
  );
}

const Pill = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  flex: none;
  padding: 4px 10px;
  border-radius: 999px;
  font-size: 12px;
  font-weight: 600;
  white-space: nowrap;
  background: ${({ $tone }) => COLORS[$tone].bg};
  color: ${({ $tone }) => COLORS[$tone].fg};
`;

const Dot = styled.span<{ $tone: Tone }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ $tone }) => COLORS[$tone].dot};
`;
