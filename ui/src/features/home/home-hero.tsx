import { routes } from '@erp/contracts/shell';
import { LogOut, Settings, ShoppingCart } from 'lucide-react';
import styled from 'styled-components';

import { Button, ButtonLink } from '@/components/button';
import { SummaryStrip } from '@/features/home/summary-strip';
import { APP_NAME, TAGLINE } from '@/lib/brand';
import { useLogout, useSession } from '@/lib/session';

const Hero = styled.header`
  color: #fff;
  background: linear-gradient(150deg, #1e3a8a 0%, #1d4ed8 60%, #2563eb 100%);
  border-radius: 0 0 28px 28px;
  box-shadow: 0 8px 24px rgba(30, 58, 138, 0.25);
`;

const HeroInner = styled.div`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: calc(16px + env(safe-area-inset-top)) 16px 22px;
  @media (min-width: 768px) { padding: 28px 24px 28px; }
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  h1 { font-size: 22px; font-weight: 800; letter-spacing: -0.01em; }
  p { font-size: 14px; color: #dbeafe; }
`;

const Logo = styled.span`
  display: inline-flex;
  padding: 10px;
  border-radius: 14px;
  background: rgba(255, 255, 255, 0.16);
`;

const LogoutButton = styled(Button)`
  padding: 0 12px;
  color: #fff;
  background: rgba(255, 255, 255, 0.12);
  &:hover:not(:disabled) { background: rgba(255, 255, 255, 0.22); }
`;

const SettingsLink = styled(ButtonLink)`
  margin-left: auto;
  padding: 0 12px;
  color: #fff;
  background: rgba(255, 255, 255, 0.12);
  &:hover { background: rgba(255, 255, 255, 0.22); }
`;

/** Home's blue header: the product, settings, log out, and the summary strip. */
export function HomeHero() {
  const session = useSession();
  const logout = useLogout();
  const username = session.data?.user?.username;
  return (
    <Hero>
      <HeroInner>
        <TopRow>
          <Logo aria-hidden="true">
            <ShoppingCart size={24} />
          </Logo>
          <div>
            <h1>{APP_NAME}</h1>
            <p>{TAGLINE}</p>
          </div>
          <SettingsLink to={routes.settings} aria-label="Business settings" title="Business settings">
            <Settings size={18} aria-hidden="true" />
          </SettingsLink>
          <LogoutButton
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            aria-label={username ? `Log out ${username}` : 'Log out'}
            title="Log out"
          >
            <LogOut size={18} aria-hidden="true" />
          </LogoutButton>
        </TopRow>
        <SummaryStrip />
      </HeroInner>
    </Hero>
  );
}
