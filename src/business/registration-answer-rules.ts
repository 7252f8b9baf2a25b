/**
 * The registration wizard's answer rules (`answerRules: businessRegistration` in screens/register-business.yaml):
 * the whole-draft rules of schemas/rules/business-registration.ts that the server refuses with, run in the
 * browser on the answers so far, and the users' e-mails asked of the server (checkEmail), so that each
 * refusal is said on its field before anything is sent.
 */
import type { AnswerRules } from '../../engine/index.ts';
import type { Brand } from '../../generated/entities.ts';
import type { RpcCall } from '../../generated/methods.ts';
import {
  answerProblems,
  registrantProblems,
  REGISTRATION_RULES,
  tidiedAfterEdit,
  userEmailProblems,
  withSourceDetailsAsked,
  type DraftAnswers,
  type RegistrationBrand,
} from '../../schemas/rules/business-registration.ts';

/** What of the brand the rules read. */
export const registrationBrandOf = (
  brand: Pick<Brand, 'sourceOfWealthEnable' | 'hideAdultIndustriesInRegistration' | 'registrationBusinessTypes'>,
): RegistrationBrand => ({
  sourceOfWealthEnable: brand.sourceOfWealthEnable,
  hideAdultIndustriesInRegistration: brand.hideAdultIndustriesInRegistration,
  registrationBusinessTypes: brand.registrationBusinessTypes,
});

/**
 * The rules for one brand. An e-mail's status is asked once per tab (the server asks again at the
 * submit); a check that fails (status -1) holds nothing and is asked again next time. With `ownLogin`
 * (the new-business variant, signed in) the user's own login is no taken e-mail, and they must stay
 * one of the persons.
 *
 * @example
 * createScreenRouter({ …, answerRules: { businessRegistration: businessRegistrationRules(brand, rpc) } });
 */
export function businessRegistrationRules(brand: RegistrationBrand, rpc: RpcCall, ownLogin?: () => Promise<string>): AnswerRules {
  const statuses = new Map<string, number>();
  const statusOf = async (email: string): Promise<number> => {
    if (ownLogin && email === (await ownLogin()).toLowerCase()) return REGISTRATION_RULES.emailStatuses.free;
    const known = statuses.get(email);
    if (known !== undefined) return known;
    try {
      const { status } = await rpc('checkEmail', { email });
      statuses.set(email, status);
      return status;
    } catch {
      return REGISTRATION_RULES.emailStatuses.failed;
    }
  };
  return {
    async check(answers) {
      const draft = answers as DraftAnswers;
      const own = ownLogin ? registrantProblems(draft, await ownLogin()) : [];
      return [...answerProblems(draft, brand), ...own, ...(await userEmailProblems(draft, statusOf))];
    },
    tidy: (before, after) => withSourceDetailsAsked(tidiedAfterEdit(before as DraftAnswers, after as DraftAnswers), brand) as Record<string, unknown>,
  };
}
