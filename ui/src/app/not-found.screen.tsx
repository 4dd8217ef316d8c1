import { routes } from '@erp/contracts';
import { Compass } from 'lucide-react';
import styled from 'styled-components';

import { ButtonLink } from '@/components/button';
import { Card, Main } from '@/components/layout';

const Box = styled(Card)`
  margin-top: 10vh;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  svg { color: ${({ theme }) => theme.colors.danger}; }
  h1 { font-size: 24px; font-weight: 700; }
  p { color: ${({ theme }) => theme.colors.muted}; }
`;

const Code = styled.span`
  font-size: 14px;
  font-weight: 700;
  letter-spacing: 0.2em;
  color: ${({ theme }) => theme.colors.muted};
`;

export function NotFoundScreen() {
  return (
    <Main>
      <Box>
        <Compass size={44} aria-hidden="true" />
        <Code aria-hidden="true">404</Code>
        <h1>Page Not Found</h1>
        <p>Did you forget to add the page to the router?</p>
        <ButtonLink to={routes.home} $variant="secondary">
          Back to Home
        </ButtonLink>
      </Box>
    </Main>
  );
}
