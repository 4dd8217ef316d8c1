import { Search } from 'lucide-react';
import styled from 'styled-components';

const Wrap = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
  svg {
    position: absolute;
    left: 11px;
    top: 50%;
    transform: translateY(-50%);
    color: ${({ theme }) => theme.colors.subtle};
    pointer-events: none;
  }
`;

const Input = styled.input`
  width: 100%;
  min-height: ${({ theme }) => theme.touch};
  padding: 10px 8px 10px 36px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.surface};
  font-size: 16px;
  &::placeholder { color: ${({ theme }) => theme.colors.subtle}; }
  &:focus { border-color: ${({ theme }) => theme.colors.primary}; }
`;

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}

export function SearchBox({ value, onChange, placeholder, label }: SearchBoxProps) {
  return (
    <Wrap>
      <Search size={18} aria-hidden="true" />
      <Input
        type="search"
        value={value}
        placeholder={placeholder}
        aria-label={label}
        onChange={(event) => onChange(event.target.value)}
      />
    </Wrap>
  );
}
