import { Authenticated, Refine } from '@refinedev/core';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { ThemeProvider } from '@northstar/ui';
import { authProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { Layout } from './layout.tsx';
import { AuditPage } from './pages/audit.tsx';
import { KycPage } from './pages/kyc.tsx';
import { PlayerPage } from './pages/player.tsx';
import { PlayersPage } from './pages/players.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { StaffPage } from './pages/staff.tsx';
import { WithdrawalsPage } from './pages/withdrawals.tsx';

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
          dataProvider={dataProvider}
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
              <Route index element={<Navigate to="/players" replace />} />
              <Route path="/players" element={<PlayersPage />} />
              <Route path="/players/:id" element={<PlayerPage />} />
              <Route path="/kyc" element={<KycPage />} />
              <Route path="/withdrawals" element={<WithdrawalsPage />} />
              <Route path="/audit" element={<AuditPage />} />
              <Route path="/staff" element={<StaffPage />} />
              <Route path="*" element={<Navigate to="/players" replace />} />
            </Route>
          </Routes>
        </Refine>
      </BrowserRouter>
    </ThemeProvider>
  );
}
