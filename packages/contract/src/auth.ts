import { z } from 'zod';
import { zLanguage } from './language';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const VIEW_MODES = ['admin', 'clinician'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** What `GET /api/me` returns: the signed-in user, from the server session only. */
export const ZMe = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  photoUrl: z.string().nullable(),
  role: z.enum(USER_ROLES),
  viewMode: z.enum(VIEW_MODES),
  /** The institute's settings the screens need: where clinicians buy tests, the default country. */
  institute: z.object({
    /** TESTS_STORE_URL: the institute's store page for buying tests (e.g. its Wix store); null when none. */
    testsStoreUrl: z.string().nullable(),
    /** DEFAULT_COUNTRY: ISO 3166-1 alpha-2 code listed first and preselected in Create Test. */
    defaultCountry: z.string(),
    /** The languages a test can be given in (each has an item set loaded), and DEFAULT_TEST_LANGUAGE among them. */
    testLanguages: z.array(zLanguage()),
    defaultTestLanguage: zLanguage(),
    /**
     * In production with no licensed item set configured: patients are shown the demonstration items, which are not
     * the questionnaire's wording, so their results mean nothing. The staff pages say so on every page.
     */
    demonstrationItemsInProduction: z.boolean(),
  }),
});
export type TMe = z.infer<typeof ZMe>;

export const ZSetViewModeRequest = z.object({ viewMode: z.enum(VIEW_MODES) });
export type TSetViewModeRequest = z.infer<typeof ZSetViewModeRequest>;

// Local accounts (DESIGN.md "Roles and identity"): usernames 3-64 characters, passwords at least 10.
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 64;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export const ZLocalLoginRequest = z.object({
  username: z.string().trim().min(1, 'Enter your username and password!').max(USERNAME_MAX),
  password: z.string().min(1, 'Enter your username and password!').max(PASSWORD_MAX),
});
export type TLocalLoginRequest = z.infer<typeof ZLocalLoginRequest>;

export const ZLocalRegisterRequest = z.object({
  username: z
    .string()
    .trim()
    .min(USERNAME_MIN, `Usernames are ${USERNAME_MIN} to ${USERNAME_MAX} characters.`)
    .max(USERNAME_MAX, `Usernames are ${USERNAME_MIN} to ${USERNAME_MAX} characters.`)
    .regex(/^[\p{L}\p{N}._@-]+$/u, 'Usernames use letters, digits and . _ @ - only.'),
  password: z
    .string()
    .min(PASSWORD_MIN, `Passwords are at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Passwords are at most ${PASSWORD_MAX} characters.`),
});
export type TLocalRegisterRequest = z.infer<typeof ZLocalRegisterRequest>;

/** `POST /auth/local/login` and `/auth/local/register`: the session cookie is set; nothing else to say. */
export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/** `POST /auth/logout`: where the browser goes next (the institute's end-session page, or /login). */
export const ZLogoutResponse = z.object({ redirectTo: z.string() });
export type TLogoutResponse = z.infer<typeof ZLogoutResponse>;

/** Which sign-in methods the login page offers; from `GET /auth/methods`. */
export const ZAuthMethods = z.object({
  institute: z.object({ enabled: z.boolean(), kind: z.enum(['dev', 'oidc', 'wix']) }),
  localAccounts: z.boolean(),
});
export type TAuthMethods = z.infer<typeof ZAuthMethods>;

/** Codes the server puts in `/login?error=` after a failed institute login; the web app shows the text. */
export const LOGIN_ERROR_MESSAGES = {
  callback: 'Error verifying login from the institute, this is a known issue. Please wait a minute and try again.',
  no_access: 'You do not have access to this page',
  auth: 'Error authenticating user - returning to login',
  login: 'Error logging in - returning to login',
  not_logged_in: 'Not logged in - returning to login',
  unavailable: 'The institute login is not reachable right now. Please wait a minute and try again.',
  /** The provider answered and refuses the app's set-up: waiting will not help. */
  not_set_up: 'The institute login is not set up correctly; please tell your administrator.',
  /** The person's own sign-in did not finish (cancelled, expired, or the same callback used twice). */
  sign_in_again: 'Your sign-in did not finish (it was cancelled, took too long or was used twice). Please try again.',
} as const;
export type LoginErrorKey = keyof typeof LOGIN_ERROR_MESSAGES;
