import { z } from 'zod';
import { zLanguage } from './language';

// E-mail about a test (DESIGN.md "Messages to patients and clinicians"): the invitation, reminders and the
// clinician's completion notice, with each message's delivery state.

export const PATIENT_EMAIL_MAX = 254;

/** The messages of the patient's address and mobile number (catalogue keys: message-keys.ts). */
export const PATIENT_CONTACT_MESSAGES = {
  emailRequired: "Enter the patient's e-mail address.",
  emailMax: `An e-mail address has at most ${PATIENT_EMAIL_MAX} characters.`,
  email: 'This is not an e-mail address: write it as name@example.org.',
  phone: 'Write the mobile number in international form, with + and the country code, e.g. +49 151 12345678.',
} as const;

/**
 * zod's practical e-mail rule with letters and digits of any script allowed (RFC 6531 local parts, IDN domains such
 * as `jürgen@exämple.de`), and an ASCII-compatible TLD (`xn--…`) as well as a letter one. The mail transport
 * sends the domain as punycode and a non-ASCII local part with SMTPUTF8.
 */
const INTERNATIONAL_EMAIL =
  /^(?:[\p{L}\p{N}_'+-]+\.)*[\p{L}\p{N}_'+-]*[\p{L}\p{N}_+-]@(?:[\p{L}\p{N}][\p{L}\p{N}-]*\.)+(?:\p{L}{2,}|xn--[a-z0-9-]+)$/u;

/** The patient's address as typed: trimmed, one address, refused with words a person can act on. */
export const ZPatientEmail = z
  .string({ error: PATIENT_CONTACT_MESSAGES.emailRequired })
  .trim()
  .min(1, PATIENT_CONTACT_MESSAGES.emailRequired)
  .max(PATIENT_EMAIL_MAX, PATIENT_CONTACT_MESSAGES.emailMax)
  .pipe(z.email({ pattern: INTERNATIONAL_EMAIL, error: PATIENT_CONTACT_MESSAGES.email }));

/** A mobile number for text messages, in international (E.164) form. */
export const ZPatientPhone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9][0-9]{6,14}$/, PATIENT_CONTACT_MESSAGES.phone));

/**
 * `POST /api/assessments/{id}/invitation`: send the link; without `email`, again to the address already given. With
 * `phone` (where text messages are set up) the link also goes by SMS.
 */
export const ZSendInvitationRequest = z.object({ email: ZPatientEmail.optional(), phone: ZPatientPhone.optional() });
export type TSendInvitationRequest = z.input<typeof ZSendInvitationRequest>;

/** `PUT /api/assessments/{id}/reminders`. */
export const ZSetRemindersRequest = z.object({ enabled: z.boolean() });

export const MESSAGE_KINDS = ['invitation', 'reminder', 'completion', 'retest-no-credit'] as const;
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown', 'bounced', 'cancelled'] as const;
export type TMessageState = (typeof MESSAGE_STATES)[number];

export const ZMessageDelivery = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  recipient: z.enum(['patient', 'clinician']),
  channel: z.enum(['email', 'sms']),
  /** A patient message's address or number as queued, masked (j•••@example.org); null for the clinician's own. */
  to: z.string().nullable(),
  state: z.enum(MESSAGE_STATES),
  attempts: z.number().int(),
  /** The mail server's answer to the last attempt (addresses masked), for a failed or bounced one. */
  lastResponse: z.string().nullable(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});
export type TMessageDelivery = z.infer<typeof ZMessageDelivery>;

/** `GET /api/assessments/{id}/messages`: what the details page shows about the messages of one test. */
export const ZTestMessages = z.object({
  /** False when the server has no mail server configured (nothing can be sent). */
  mailConfigured: z.boolean(),
  /** Whether text messages (Twilio) are set up too. */
  smsConfigured: z.boolean(),
  /** Whether an invitation may be sent now (an open test its owner reads). */
  canSend: z.boolean(),
  contact: z
    .object({
      /** j•••@example.org */
      emailMasked: z.string(),
      /** +49•••••78, when a mobile number was given. */
      phoneMasked: z.string().nullable(),
      /** The address itself is erased (submitted or expired): a new invitation needs it typed again. */
      emailErased: z.boolean(),
      remindersEnabled: z.boolean(),
      optedOut: z.boolean(),
    })
    .nullable(),
  messages: z.array(ZMessageDelivery),
});
export type TTestMessages = z.infer<typeof ZTestMessages>;

/**
 * `GET`/`PUT /api/me/settings`: the clinician's own message settings; `messageLanguage` is the language of the
 * messages to them (completion and re-test notices).
 */
export const ZMySettings = z.object({
  completionNotices: z.boolean(),
  messageLanguage: zLanguage(),
  mailConfigured: z.boolean(),
});
export type TMySettings = z.infer<typeof ZMySettings>;
export const ZUpdateMySettingsRequest = z
  .object({ completionNotices: z.boolean().optional(), messageLanguage: zLanguage().optional() })
  .refine((body) => body.completionNotices !== undefined || body.messageLanguage !== undefined, {
    message: 'Give completionNotices, messageLanguage or both.',
  });
export type TUpdateMySettingsRequest = z.infer<typeof ZUpdateMySettingsRequest>;
