/** The routes of spec §2. The workspace is a lazy chunk: the sign-in screens ship without it. */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../session/navigation';
import { RequireSession } from '../session/RequireSession';
import { ForgotPasswordPage } from '../session/screens/ForgotPasswordPage';
import { InvitationPage } from '../session/screens/InvitationPage';
import { LoginPage } from '../session/screens/LoginPage';
import { OrgPickerPage } from '../session/screens/OrgPickerPage';
import { RegisterPage } from '../session/screens/RegisterPage';
import { ResetPasswordPage } from '../session/screens/ResetPasswordPage';
import { Splash } from '../session/screens/Splash';
import { SharedDashboardPage } from '../shared-views/SharedDashboardPage';
import { makeSharedReportLoader, SharedReportPage } from '../shared-views/SharedReportPage';
import { lazyWithTimeout } from './chunks';
import { ErrorPage, NotFoundPage } from './ErrorPage';
import { store } from './store';

const Workspace = lazyWithTimeout(
  async () => ({ default: (await import('../workspace/Workspace')).Workspace }),
  'workspace',
);

/** The route table (exported for tests that build a memory router). */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <Splash />,
    children: [
      {
        index: true,
        element: (
          <RequireSession>
            <Workspace />
          </RequireSession>
        ),
      },
      {
        path: 'user',
        children: [
          { index: true, element: <Navigate to="/user/login" replace /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      { path: 'orgs', element: <OrgPickerPage /> },
      { path: 'orgs/:id/set-password/:inviteToken', element: <InvitationPage /> },
      { path: 'orgs/:id/join-org/:inviteToken', element: <InvitationPage /> },
      { path: 'set-password/:inviteToken', element: <InvitationPage /> },
      { path: 'reset_password', element: <ResetPasswordPage /> },
      { path: 'dashboards/:uuid', element: <SharedDashboardPage /> },
      { path: 'reports/:id', loader: makeSharedReportLoader(store.dispatch), element: <SharedReportPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

// Thunks and the API client navigate through the router, keeping history and state intact.
setNavigator((to, options) => {
  void router.navigate(to, options);
});
