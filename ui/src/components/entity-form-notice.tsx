import styled from 'styled-components';

export const NoticeText = styled.p<{ $warning: boolean }>`
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 15px;
  background: ${({ $warning }) => ($warning ? '#fef9c3' : '#f1f5f9')};
  color: ${({ $warning }) => ($warning ? '#854d0e' : '#334155')};
`;

/** A note under a form's fields (what an item's stock will become), from a hook given the form's values. */
export function FormNotice<TRecord>(props: {
  useNotice: (values: Record<string, unknown>, record?: TRecord) => { text: string; warning: boolean } | null;
  values: Record<string, unknown>;
  record?: TRecord;
}) {
  const notice = props.useNotice(props.values, props.record);
  if (!notice) return null;
  return (
    <NoticeText role="status" $warning={notice.warning}>
      {notice.text}
    </NoticeText>
  );
}
