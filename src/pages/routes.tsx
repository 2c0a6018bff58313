import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { preloadable } from '../kit/preloadable';
import { PAGE_PATH } from '../layout/paths';
import { LaunchNow } from '../resources/service/LaunchNow';
import { DOC_ROUTES } from './docs/routes';

/** A page of the portal that is not a resource: its path, its screen, and how to load the screen ahead. */
export interface PageRoute {
  path: string;
  element: ReactElement;
  preload?: () => Promise<void>;
}

// Each screen loads when its route is first drawn, or ahead of it (see preloadable).
const OAuth2HandlerPage = preloadable(() =>
  import('./oauth2/OAuth2HandlerPage').then((module) => module.OAuth2HandlerPage),
);
const PopupResultHandlerPage = preloadable(() =>
  import('./oauth2/PopupResultHandlerPage').then((module) => module.PopupResultHandlerPage),
);
const HomePage = preloadable(() => import('./home/HomePage').then((module) => module.HomePage));
const Dashboard = preloadable(() => import('./report/Dashboard').then((module) => module.Dashboard));
const MyOrdersPage = preloadable(() =>
  import('./my-account/MyOrdersPage').then((module) => module.MyOrdersPage),
);
const MyOrderPage = preloadable(() =>
  import('./my-account/MyOrdersPage').then((module) => module.MyOrderPage),
);
const SecurityPage = preloadable(() =>
  import('./my-account/SecurityPage').then((module) => module.SecurityPage),
);
const ChangePasswordPage = preloadable(() =>
  import('./change-password/ChangePasswordPage').then((module) => module.ChangePasswordPage),
);
const ConfigurationPage = preloadable(() =>
  import('./configuration/ConfigurationPage').then((module) => module.ConfigurationPage),
);
const GatewayConfigurationPage = preloadable(() =>
  import('./configuration/GatewayConfigurationPage').then((module) => module.GatewayConfigurationPage),
);
const ProfilePage = preloadable(() =>
  import('./my-account/ProfilePage').then((module) => module.ProfilePage),
);
const WizardPage = preloadable(() => import('./wizard/WizardPage').then((module) => module.WizardPage));
const FrameWizard = preloadable(() => import('./iframe/FramePages').then((module) => module.FrameWizard));
const FrameAccountList = preloadable(() =>
  import('./iframe/FramePages').then((module) => module.FrameAccountList),
);
const FrameUserList = preloadable(() => import('./iframe/FramePages').then((module) => module.FrameUserList));
const FrameLdapEdit = preloadable(() => import('./iframe/FramePages').then((module) => module.FrameLdapEdit));
const SignupPage = preloadable(() => import('./signup/SignupPage').then((module) => module.SignupPage));
const SignupCompletedPage = preloadable(() =>
  import('./signup/SignupCompletedPage').then((module) => module.SignupCompletedPage),
);
const SignupActivatePage = preloadable(() =>
  import('./signup/SignupActivatePage').then((module) => module.SignupActivatePage),
);
const ForgotPasswordPage = preloadable(() =>
  import('./password/ForgotPasswordPage').then((module) => module.ForgotPasswordPage),
);
const ResetPasswordPage = preloadable(() =>
  import('./password/ResetPasswordPage').then((module) => module.ResetPasswordPage),
);
const VerifyRecoveryEmailPage = preloadable(() =>
  import('./recovery-email/VerifyRecoveryEmailPage').then((module) => module.VerifyRecoveryEmailPage),
);
const ContactUsPage = preloadable(() =>
  import('./contact-us/ContactUsPage').then((module) => module.ContactUsPage),
);
const OnboardingPage = preloadable(() =>
  import('./onboarding/OnboardingPage').then((module) => module.OnboardingPage),
);
const SchemePage = preloadable(() => import('./scheme/SchemePage').then((module) => module.SchemePage));

/**
 * Public pages: no sign-in, no signed-in frame, no react-admin app (src/Portal.tsx draws them in its
 * light shell, beside the sign-in page).
 */
export const PUBLIC_PAGES: PageRoute[] = [
  { path: PAGE_PATH.root, element: <Navigate to={PAGE_PATH.login} replace /> },
  {
    path: PAGE_PATH.oauth2Handler,
    element: <OAuth2HandlerPage failure="error.oauth2.invalidCode" />,
    preload: OAuth2HandlerPage.preload,
  },
  {
    path: PAGE_PATH.oidcCallback,
    element: <OAuth2HandlerPage failure="error.secondFactor.oidcFailed" />,
    preload: OAuth2HandlerPage.preload,
  },
  {
    path: PAGE_PATH.popupResult,
    element: <PopupResultHandlerPage />,
    preload: PopupResultHandlerPage.preload,
  },
  {
    path: PAGE_PATH.popupResultAction,
    element: <PopupResultHandlerPage />,
    preload: PopupResultHandlerPage.preload,
  },
  { path: PAGE_PATH.home, element: <HomePage />, preload: HomePage.preload },
  // Self-service: open to anyone, signed in or not (none of them sends a visitor elsewhere).
  { path: PAGE_PATH.signup, element: <SignupPage />, preload: SignupPage.preload },
  {
    path: PAGE_PATH.signupCompleted,
    element: <SignupCompletedPage />,
    preload: SignupCompletedPage.preload,
  },
  { path: PAGE_PATH.signupActivate, element: <SignupActivatePage />, preload: SignupActivatePage.preload },
  { path: PAGE_PATH.forgotPassword, element: <ForgotPasswordPage />, preload: ForgotPasswordPage.preload },
  {
    path: PAGE_PATH.resetPassword,
    element: <ResetPasswordPage source="email" />,
    preload: ResetPasswordPage.preload,
  },
  {
    path: PAGE_PATH.resetByRecoveryEmail,
    element: <ResetPasswordPage source="recoveryEmail" />,
    preload: ResetPasswordPage.preload,
  },
  {
    path: PAGE_PATH.verifyRecoveryEmail,
    element: <VerifyRecoveryEmailPage />,
    preload: VerifyRecoveryEmailPage.preload,
  },
  { path: PAGE_PATH.contactUs, element: <ContactUsPage />, preload: ContactUsPage.preload },
  { path: PAGE_PATH.onboarding, element: <OnboardingPage />, preload: OnboardingPage.preload },
  { path: PAGE_PATH.scheme, element: <SchemePage />, preload: SchemePage.preload },
  ...DOC_ROUTES,
];

/** Pages inside the signed-in frame, which require a session (src/App.tsx mounts them). */
export const LAYOUT_PAGES: PageRoute[] = [
  { path: PAGE_PATH.report, element: <Dashboard />, preload: Dashboard.preload },
  { path: PAGE_PATH.changePassword, element: <ChangePasswordPage />, preload: ChangePasswordPage.preload },
  { path: PAGE_PATH.myOrders, element: <MyOrdersPage />, preload: MyOrdersPage.preload },
  { path: PAGE_PATH.myOrder, element: <MyOrderPage />, preload: MyOrderPage.preload },
  { path: PAGE_PATH.mySecurity, element: <SecurityPage />, preload: SecurityPage.preload },
  { path: '/launch-now/:serviceTemplateId', element: <LaunchNow /> },
  { path: PAGE_PATH.wizard, element: <WizardPage />, preload: WizardPage.preload },
  {
    path: PAGE_PATH.configuration,
    element: <ConfigurationPage />,
    preload: ConfigurationPage.preload,
  },
  // What an installer of the customer's gateway enters (chosen: see the page's first comment).
  {
    path: PAGE_PATH.adConfig,
    element: <GatewayConfigurationPage />,
    preload: GatewayConfigurationPage.preload,
  },
  // My Account (spec 01 §2): its first tab is the profile.
  { path: PAGE_PATH.myAccount, element: <Navigate to={PAGE_PATH.myProfile} replace /> },
  { path: PAGE_PATH.myProfile, element: <ProfilePage />, preload: ProfilePage.preload },
  {
    path: PAGE_PATH.profileChangePassword,
    element: <ChangePasswordPage />,
    preload: ChangePasswordPage.preload,
  },
];

/**
 * Embeddable pages (docs/requirements/portal-routes-and-menus.md /iframe/…): without the signed-in frame, allowed to be framed by the
 * FRAME_ANCESTORS origins (server/http/securityHeaders.ts), with the session their embedding page passes
 * (src/pages/iframe/embedding.ts), kept for the frame only (src/session.ts).
 */
export const FRAME_PAGES: PageRoute[] = [
  { path: PAGE_PATH.frameWizard, element: <FrameWizard />, preload: FrameWizard.preload },
  { path: PAGE_PATH.frameAccountList, element: <FrameAccountList />, preload: FrameAccountList.preload },
  { path: PAGE_PATH.frameUserList, element: <FrameUserList />, preload: FrameUserList.preload },
  { path: PAGE_PATH.frameLdapEdit, element: <FrameLdapEdit />, preload: FrameLdapEdit.preload },
];
