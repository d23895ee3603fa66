import { Authenticated, Refine } from '@refinedev/core';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { ThemeProvider } from '@northstar/ui';
import { authProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { Home, Layout } from './layout.tsx';
import { AuditPage } from './pages/audit.tsx';
import { cmsDataProvider } from './pages/content-cms.ts';
import { ContentEditPage } from './pages/content-edit.tsx';
import { ContentListPage, ContentTypesPage } from './pages/content.tsx';
import { ChatPage } from './pages/chat.tsx';
import { KycPage } from './pages/kyc.tsx';
import { PlayerPage } from './pages/player.tsx';
import { PlayersPage } from './pages/players.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { StaffPage } from './pages/staff.tsx';
import { WithdrawalsPage } from './pages/withdrawals.tsx';
import { BonusesPage } from './pages/bonuses.tsx';
import { CashbackPage } from './pages/cashback.tsx';
import { DashboardPage } from './pages/dashboard.tsx';
import { LoyaltyPage } from './pages/loyalty.tsx';
import { OffersPage } from './pages/offers.tsx';
import { PromosPage } from './pages/promos.tsx';
import { SportsbookPage } from './pages/sportsbook.tsx';
import { TournamentsPage } from './pages/tournaments.tsx';

/**
 * The back office (issue #30) on Refine's headless core: its auth and data providers over the
 * staff methods, its hooks for lists and changes, and our own screens on the design system.
 * Routes are the app's own (`/backoffice/…`); a staff member whose session ended is sent to the
 * sign-in page by `<Authenticated>`.
 */
export function App() {
  return (
    <ThemeProvider>
      <BrowserRouter basename="/backoffice">
        <Refine
          authProvider={authProvider}
          // `cms`: the content backend's REST (pages/content-cms.ts) for the content screens.
          dataProvider={{ default: dataProvider, cms: cmsDataProvider }}
          options={{
            disableTelemetry: true,
            reactQuery: {
              clientConfig: {
                defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
              },
            },
          }}
        >
          <Routes>
            <Route path="/login" element={<SignInPage />} />
            <Route
              element={
                <Authenticated key="staff" fallback={<Navigate to="/login" replace />}>
                  <Layout>
                    <Outlet />
                  </Layout>
                </Authenticated>
              }
            >
              <Route index element={<Home />} />
              <Route path="/players" element={<PlayersPage />} />
              <Route path="/players/:id" element={<PlayerPage />} />
              <Route path="/kyc" element={<KycPage />} />
              <Route path="/chat" element={<ChatPage />} />
              <Route path="/withdrawals" element={<WithdrawalsPage />} />
              <Route path="/audit" element={<AuditPage />} />
              <Route path="/staff" element={<StaffPage />} />
              <Route path="/content" element={<ContentTypesPage />} />
              <Route path="/content/:type" element={<ContentListPage />} />
              <Route path="/content/:type/:id" element={<ContentEditPage />} />
              <Route path="/dashboard" element={<DashboardPage />} />
              <Route path="/bonuses" element={<BonusesPage />} />
              <Route path="/promos" element={<PromosPage />} />
              <Route path="/offers" element={<OffersPage />} />
              <Route path="/cashback" element={<CashbackPage />} />
              <Route path="/tournaments" element={<TournamentsPage />} />
              <Route path="/sportsbook" element={<SportsbookPage />} />
              <Route path="/loyalty" element={<LoyaltyPage />} />
              <Route path="*" element={<Home />} />
            </Route>
          </Routes>
        </Refine>
      </BrowserRouter>
    </ThemeProvider>
  );
}
