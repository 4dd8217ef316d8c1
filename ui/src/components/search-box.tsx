import { Search } from 'lucide-react';
import styled from 'styled-components';

import { controlStyles } from '@/components/form-field';

const Wrap = styled.div`
  position: relative;
  /* At least 150 px where its row may wrap (a list's toolbar): a long Add button goes below it. */
  flex: 1 1 150px;
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
  ${controlStyles}
  padding-left: 36px;
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
