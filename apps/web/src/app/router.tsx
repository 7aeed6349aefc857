import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { FullScreenLoading } from '../components/ui/spinner';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { LandingPage } from '../features/marketing/components/landing-page';
import { FaqPage } from '../features/marketing/components/faq-page';
import { AboutPage } from '../features/marketing/components/about-page';
import { ContactPage } from '../features/marketing/components/contact-page';
import { PrivacyPage } from '../features/marketing/components/privacy-page';
import { TermsPage } from '../features/marketing/components/terms-page';
import { FallbackRedirect, PublicOnly, RequireAuth } from './guards';
import { RouteFocus } from './route-focus';
import { ScrollToTop } from './scroll-to-top';

// The signed-in app (and its charts) is a separate download the public pages never fetch.
const DashboardLayout = lazy(() => import('../features/shell/components/dashboard-layout'));

export function AppRoutes() {
  const { loading } = useAuth();
  if (loading) return <FullScreenLoading />;
  const pub = (el: React.ReactNode) => <PublicOnly>{el}</PublicOnly>;
  return (
    <>
      <ScrollToTop />
      <RouteFocus />
      <Routes>
        <Route path="/" element={pub(<LandingPage />)} />
        <Route path="/login" element={pub(<LoginPage />)} />
        <Route path="/register" element={pub(<RegisterPage />)} />
        <Route path="/faq" element={pub(<FaqPage />)} />
        <Route path="/about" element={pub(<AboutPage />)} />
        <Route path="/contact" element={pub(<ContactPage />)} />
        <Route path="/privacy" element={pub(<PrivacyPage />)} />
        <Route path="/terms" element={pub(<TermsPage />)} />
        <Route
          path="/dashboard/*"
          element={
            <RequireAuth>
              <Suspense fallback={<FullScreenLoading />}>
                <DashboardLayout />
              </Suspense>
            </RequireAuth>
          }
        />
        <Route path="*" element={<FallbackRedirect />} />
      </Routes>
    </>
  );
}
