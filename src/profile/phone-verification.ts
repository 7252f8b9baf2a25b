import { MethodCallError, type AppAction, type ChallengeHandler } from '../../engine/index.ts';
import type { RpcCall } from '../../generated/methods.ts';
import { request as phoneConfirm } from '../../schemas/api/methods/phoneConfirm.json' with { type: 'json' };
import { actingCustomerId } from '../session/acting-customer.ts';
import { codeChallengeOf, createCodeVerifier } from '../session/pkce.ts';
import type { Session } from '../session/session.ts';

/** The code rules of `phoneConfirm` (its PKCE variant), from its request schema. */
const CODE_SCHEMA = phoneConfirm.oneOf[1]!.properties.code;

/** What verifying a phone needs from the application: the session's token, and words for a refusal without a message. */
export interface PhoneVerificationServices {
  session: Session;
  t: (key: string) => string;
}

/** A verification under way: what the verify path answered, and the verifier that only this browser holds. */
export interface PhoneVerificationStarted extends Record<string, unknown> {
  phoneId: string;
  reqId: string;
  maskedPhone: string;
  codeVerifier: string;
}

/**
 * Asks the server to text a code to a phone (POST verification/phones/{phoneId}/verify with type `sms`
 * and a PKCE code challenge of a fresh verifier). The verifier stays in memory, in the answer, until the
 * confirmation, so only this browser can use the code. A refusal rejects with a MethodCallError whose
 * message is on `code` (document 000 section 5: said on the code field, never as a popup).
 *
 * @example
 * const started = await startPhoneVerification({ session, t }, '12'); // { phoneId: '12', maskedPhone: '+40 ••• 111', codeVerifier, reqId }
 */
export async function startPhoneVerification(
  { session, t }: PhoneVerificationServices,
  phoneId: string,
  storage: Storage = sessionStorage,
): Promise<PhoneVerificationStarted> {
  const codeVerifier = createCodeVerifier();
  const token = await session.accessToken();
  const acting = actingCustomerId(storage);
  const response = await fetch(`/verification/phones/${encodeURIComponent(phoneId)}/verify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(acting ? { 'customer-id': String(acting) } : {}),
    },
    body: JSON.stringify({ type: 'sms', codeChallenge: await codeChallengeOf(codeVerifier) }),
  });
  const body = (await response.json().catch(() => ({}))) as { reqId?: string; maskedPhone?: string; message?: string };
  if (!response.ok) {
    // Document 000 section 8: phone verify returns the message as the error when there is one.
    const message = body.message ?? t('profile.verify.failed');
    throw new MethodCallError('VF', message, { code: message });
  }
  return { phoneId, reqId: body.reqId ?? '', maskedPhone: body.maskedPhone ?? '', codeVerifier };
}

/**
 * The `phoneVerifyStart` action (screens/profile-phone-verify.yaml): texts a code to the route's phone and
 * answers the verification under way, which the `phoneCode` challenge then confirms.
 *
 * @example
 * createScreenRouter({ …, actions: { ...phoneVerificationActions({ session, t: i18n.t }) } });
 */
export function phoneVerificationActions(services: PhoneVerificationServices): Record<string, AppAction> {
  return {
    phoneVerifyStart: async (input, { params }) => ({ answer: await startPhoneVerification(services, String(input.phoneId ?? params.phoneId ?? '')) }),
  };
}

/**
 * The SMS code of a phone verification, registered as the `phoneCode` challenge: the code goes to
 * `phoneConfirm` with the verifier of this browser; a new code is a new verification (a new verifier).
 * A wrong, expired or spent code is said on the code field.
 *
 * @example
 * createScreenRouter({ …, challenges: { phoneCode: phoneCodeChallenge(rpc, { session, t: i18n.t }) } });
 */
export function phoneCodeChallenge(rpc: RpcCall, services: PhoneVerificationServices): ChallengeHandler {
  return {
    detect(answer) {
      if (answer.confirmed || typeof answer.codeVerifier !== 'string') return null;
      return {
        step: 'code',
        method: 'sms',
        methods: ['sms'],
        ...(typeof answer.maskedPhone === 'string' && answer.maskedPhone ? { sentTo: answer.maskedPhone } : {}),
      };
    },
    async confirm(code, { answer }) {
      const confirmed = await rpc('phoneConfirm', { phoneId: String(answer.phoneId), codeVerifier: String(answer.codeVerifier), code });
      return { ...confirmed, confirmed: true };
    },
    resend: (_method, { answer }) => startPhoneVerification(services, String(answer.phoneId)),
    codeFields: ['code'],
    codeSchema: CODE_SCHEMA,
    texts: {
      title: 'profile.verify.heading',
      codeLabel: 'fields.code',
      codeInvalid: 'profile.verify.codeFormat',
      sent: 'profile.verify.sentBy',
      ask: 'profile.verify.askBy',
      confirm: 'profile.verify.confirm',
      cancel: 'profile.verify.cancel',
      resend: 'profile.verify.resend',
      resent: 'profile.verify.resent',
    },
  };
}
