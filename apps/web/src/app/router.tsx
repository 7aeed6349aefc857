import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { useAuth } from '../features/auth/auth-context';
import { FullScreenLoading } from '../components/ui/spinner';
import { DelayedFullScreenLoading } from '../components/ui/delayed-spinner';
import { LandingPage } from '../features/marketing/components/landing-page';
import { ChunkErrorBoundary } from '../components/ui/chunk-error-boundary';
import { FallbackRedirect, PublicOnly, RequireAuth } from './guards';
import { RouteFocus } from './route-focus';
import { ScrollToTop } from './scroll-to-top';

// The signed-in app (and its charts) is a separate download the public pages never fetch. The
// landing page comes with the entry; every other page is a chunk of its own, fetched when
// visited (the sign-up form's validation brings zod with it, docs/performance.md).
const DashboardLayout = lazy(() => import('../features/shell/components/dashboard-layout'));
const page = <K extends string>(load: () => Promise<Record<K, () => React.JSX.Element>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const LoginPage = page(() => import('../features/auth/components/login-page'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/components/register-page'), 'RegisterPage');
const ForgotPasswordPage = page(() => import('../features/auth/components/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('../features/auth/components/reset-password-page'), 'ResetPasswordPage');
const FaqPage = page(() => import('../features/marketing/components/faq-page'), 'FaqPage');
const AboutPage = page(() => import('../features/marketing/components/about-page'), 'AboutPage');
const ContactPage = page(() => import('../features/marketing/components/contact-page'), 'ContactPage');
const PrivacyPage = page(() => import('../features/marketing/components/privacy-page'), 'PrivacyPage');
const TermsPage = page(() => import('../features/marketing/components/terms-page'), 'TermsPage');

export function AppRoutes() {
  const { loading } = useAuth();
  if (loading) return <FullScreenLoading />;
  const pub = (el: React.ReactNode) => (
    <PublicOnly>
      <ChunkErrorBoundary>
        <Suspense fallback={<DelayedFullScreenLoading />}>{el}</Suspense>
      </ChunkErrorBoundary>
    </PublicOnly>
  );
  return (
    <>
      <ScrollToTop />
      <RouteFocus />
      <Routes>
        <Route path="/" element={pub(<LandingPage />)} />
        <Route path="/login" element={pub(<LoginPage />)} />
        <Route path="/register" element={pub(<RegisterPage />)} />
        <Route path="/forgot-password" element={pub(<ForgotPasswordPage />)} />
        {/* Not visitors-only: a link opened in a signed-in browser still works (and signs it out). */}
        <Route
          path="/reset-password"
          element={
            <ChunkErrorBoundary>
              <Suspense fallback={<DelayedFullScreenLoading />}>
                <ResetPasswordPage />
              </Suspense>
            </ChunkErrorBoundary>
          }
        />
        <Route path="/faq" element={pub(<FaqPage />)} />
        <Route path="/about" element={pub(<AboutPage />)} />
        <Route path="/contact" element={pub(<ContactPage />)} />
        <Route path="/privacy" element={pub(<PrivacyPage />)} />
        <Route path="/terms" element={pub(<TermsPage />)} />
        <Route
          path="/dashboard/*"
          element={
            <RequireAuth>
              <ChunkErrorBoundary>
                <Suspense fallback={<DelayedFullScreenLoading />}>
                  <DashboardLayout />
                </Suspense>
              </ChunkErrorBoundary>
            </RequireAuth>
          }
        />
        <Route path="*" element={<FallbackRedirect />} />
      </Routes>
    </>
  );
}
