import { ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import type { BadgeTone, CardAction, CardConfig, RunHere } from '@/components/entity-config';
import { useCan } from '@/lib/session';

const Box = styled.article`
  position: relative;
  width: 100%;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid rgba(226, 232, 240, 0.7);
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.card};
  cursor: pointer;
  transition: box-shadow 0.15s ease, transform 0.15s ease;
  &:hover { box-shadow: ${({ theme }) => theme.shadow.raised}; }
  &:has(button:focus-visible) { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  svg { flex: none; color: ${({ theme }) => theme.colors.subtle}; margin-left: auto; }
`;

const Title = styled.h3`
  font-size: 17px;
  font-weight: 700;
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** The title is the keyboard and screen-reader control; a click anywhere on the card opens it. */
const Open = styled.button.attrs({ type: 'button' })`
  all: unset;
  cursor: pointer;
  &:focus-visible { outline: none; }
`;

const tones: Record<BadgeTone, [string, string]> = {
  green: ['#dcfce7', '#166534'],
  yellow: ['#fef9c3', '#854d0e'],
  red: ['#fee2e2', '#991b1b'],
  blue: ['#dbeafe', '#1e40af'],
  grey: ['#f1f5f9', '#334155'],
};

export const Badge = styled.span<{ $tone: BadgeTone }>`
  flex: none;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.02em;
  /* Every badge in one case, on one line. */
  text-transform: uppercase;
  white-space: nowrap;
  background: ${({ $tone }) => tones[$tone][0]};
  color: ${({ $tone }) => tones[$tone][1]};
`;

const Fields = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: 4px 12px;
  margin: 0;
  font-size: 14px;
  dt {
    display: flex;
    align-items: center;
    gap: 6px;
    color: ${({ theme }) => theme.colors.muted};
  }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
  button {
    flex: 1;
    min-height: ${({ theme }) => theme.touch};
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    background: ${({ theme }) => theme.colors.surface};
    font-weight: 600;
    cursor: pointer;
  }
  button:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
  /* The card's own action (Receive payment) on a row of its own, in the primary colour. */
  button.primary {
    flex-basis: 100%;
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
`;

function Card<TRecord extends { id: number }>(props: {
  record: TRecord;
  card: CardConfig<TRecord>;
  onOpen: (record: TRecord) => void;
  /** With a details view, the card offers Edit and View Details buttons (SEED-SPEC sales cards). */
  onView?: (record: TRecord) => void;
  /** h2 under the screen's h1; h3 when the list has its own h2 heading (heading order). */
  headingLevel?: 2 | 3;
  /** An action that asks first (Convert to Customer): the list shows its one confirmation. */
  onAsk?: (action: RunHere) => void;
}) {
  const { record, card, onOpen, onView, headingLevel = 3, onAsk } = props;
  const navigate = useNavigate();
  const badge = card.badge?.(record);
  // A card's action makes a record (a receipt for this invoice), most buttons change one (Mark
  // Paid, Convert): none is shown to a role that cannot write, but those that only read (Payslip).
  const mayWrite = useCan('write');
  const action = mayWrite ? card.action?.(record) ?? null : null;
  const more = (card.actions?.(record) ?? []).filter((chosen) => mayWrite || ('run' in chosen && chosen.reads));
  const act = (chosen: CardAction) => {
    if ('to' in chosen) navigate(chosen.to.pathname, { state: chosen.to.state });
    else if (chosen.confirm && onAsk) onAsk(chosen);
    else void chosen.run();
  };
  const rows = card.fields
    .map((field) => ({ field, value: field.value(record) }))
    .filter(({ field, value }) => value || !field.hideWhenEmpty);
  return (
    <Box onClick={() => onOpen(record)}>
      <Top>
        <Title as={headingLevel === 2 ? 'h2' : 'h3'}>
          <Open>{card.title(record)}</Open>
        </Title>
        {badge && <Badge $tone={badge.tone}>{badge.label}</Badge>}
        <ChevronRight size={20} aria-hidden="true" />
      </Top>
      {rows.length > 0 && (
        <Fields>
          {rows.map(({ field, value }) => (
            <div key={field.label} style={{ display: 'contents' }}>
              <dt>
                {field.icon && <field.icon size={15} aria-hidden="true" />}
                {field.label}
              </dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </Fields>
      )}
      {(onView || action || more.length > 0) && (
        <Actions>
          {onView && (
            <>
              <button type="button" onClick={(event) => { event.stopPropagation(); onOpen(record); }}>
                Edit
              </button>
              <button type="button" onClick={(event) => { event.stopPropagation(); onView(record); }}>
                View Details
              </button>
            </>
          )}
          {more.map((chosen) => (
            <button key={chosen.label} type="button" className={'run' in chosen && chosen.primary ? 'primary' : undefined} onClick={(event) => { event.stopPropagation(); act(chosen); }}>
              {chosen.label}
            </button>
          ))}
          {action && (
            <button type="button" className="primary" onClick={(event) => { event.stopPropagation(); navigate(action.to.pathname, { state: action.to.state }); }}>
              {action.label}
            </button>
          )}
        </Actions>
      )}
    </Box>
  );
}

/** One record's card; rendered again only when its record or configuration changes. */
export const EntityCard = memo(Card) as typeof Card;
